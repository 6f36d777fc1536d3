import { matchRoutes, type RouteObject, useRoutes } from 'react-router-dom';
import { breakingTickerQuery } from '../components/breaking-ticker';
import { siteFooterQuery } from '../components/site-footer';
import { AboutPage } from '../features/about/about-page';
import { AuthorPage, authorPageQuery } from '../features/authors/author-page';
import { AuthorsPage, authorsPageQuery } from '../features/authors/authors-page';
import { CorrectionsPage, correctionsPageQuery } from '../features/corrections/corrections-page';
import { DomainPage, domainPageQuery } from '../features/contact/domain-page';
import { ArticlePage, articlePageQuery } from '../features/article/article-page';
import { CategoriesPage, categoriesPageQuery } from '../features/categories/categories-page';
import { CategoryPage, categoryPageQuery } from '../features/category/category-page';
import { ContactPage, contactPageQuery } from '../features/contact/contact-page';
import { HomePage, homePageQuery } from '../features/home/home-page';
import { mostReadPanelQuery } from '../components/most-read-panel';
import { NewsroomPage } from '../features/newsroom/newsroom-page';
import { NewsroomAnalyticsPage } from '../features/newsroom-analytics/analytics-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { OfflinePage } from '../features/offline/offline-page';
import { PrivacyPage } from '../features/privacy/privacy-page';
import { NewsletterConfirmPage, NewsletterPage, newsletterPageQuery, NewsletterPreferencesPage, NewsletterUnsubscribePage } from '../features/newsletter/newsletter-page';
import { SearchPage, searchPageQuery } from '../features/search/search-page';
import { MastheadPage, mastheadPageQuery } from '../features/standards/masthead-page';
import { StandardsEditorPage } from '../features/standards/standards-editor-page';
import { StandardsPage, standardsPageQuery } from '../features/standards/standards-page';
import { STANDARDS_PAGES } from '../features/standards/standards-pages';
import type { PageQueries, PageQuery } from '../lib/page-query';
import { SiteLayout } from './site-layout';

/** What a route reads before it renders (decision 027): its `handle`. */
interface RouteData {
  queries: PageQueries;
}

const reads = (queries: PageQueries): RouteData => ({ queries });

/** The site's routes: what each renders and what it reads. */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    handle: reads(() => [breakingTickerQuery, siteFooterQuery]),
    children: [
      { index: true, element: <HomePage />, handle: reads((params, search) => [homePageQuery(params, search), mostReadPanelQuery]) },
      { path: 'articles/:id', element: <ArticlePage />, handle: reads((params) => [articlePageQuery(params)]) },
      { path: 'categories', element: <CategoriesPage />, handle: reads(() => [categoriesPageQuery]) },
      { path: 'categories/:category', element: <CategoryPage />, handle: reads((params) => [categoryPageQuery(params)]) },
      { path: 'contact', element: <ContactPage />, handle: reads(() => [contactPageQuery]) },
      { path: 'about', element: <AboutPage /> },
      { path: 'authors', element: <AuthorsPage />, handle: reads(() => [authorsPageQuery]) },
      { path: 'authors/:slug', element: <AuthorPage />, handle: reads((params, search) => [authorPageQuery(params, search)]) },
      { path: 'corrections', element: <CorrectionsPage />, handle: reads((params, search) => [correctionsPageQuery(params, search)]) },
      { path: 'masthead', element: <MastheadPage />, handle: reads(() => [mastheadPageQuery]) },
      ...STANDARDS_PAGES.map((page) => ({ path: page.path.slice(1), element: <StandardsPage page={page} />, handle: reads(() => [standardsPageQuery(page)]) })),
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'newsletter', element: <NewsletterPage />, handle: reads(() => [newsletterPageQuery]) },
      { path: 'newsletter/confirm', element: <NewsletterConfirmPage /> },
      { path: 'newsletter/unsubscribe', element: <NewsletterUnsubscribePage /> },
      { path: 'newsletter/preferences', element: <NewsletterPreferencesPage />, handle: reads(() => [newsletterPageQuery]) },
      { path: 'domain', element: <DomainPage />, handle: reads(() => [domainPageQuery]) },
      { path: 'search', element: <SearchPage />, handle: reads((params, search) => [searchPageQuery(params, search)]) },
      { path: 'offline', element: <OfflinePage /> },
      { path: 'newsroom', element: <NewsroomPage /> },
      { path: 'newsroom/analytics', element: <NewsroomAnalyticsPage /> },
      { path: 'newsroom/standards', element: <StandardsEditorPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The queries the page at this URL (path and search) reads, the layout's first. */
export function routeQueries(url: string): PageQuery[] {
  const { pathname, searchParams } = new URL(url, 'http://site.invalid');
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route, params }) => (route.handle as RouteData | undefined)?.queries(params, searchParams) ?? []);
}

export function App() {
  return useRoutes(routes);
}
