import { Route, Routes } from 'react-router-dom';
import { AboutPage } from '../features/about/about-page';
import { DomainPage } from '../features/contact/domain-page';
import { ArticlePage } from '../features/article/article-page';
import { CategoriesPage } from '../features/categories/categories-page';
import { CategoryPage } from '../features/category/category-page';
import { ContactPage } from '../features/contact/contact-page';
import { HomePage } from '../features/home/home-page';
import { NewsroomPage } from '../features/newsroom/newsroom-page';
import { NewsroomAnalyticsPage } from '../features/newsroom-analytics/analytics-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { OfflinePage } from '../features/offline/offline-page';
import { SearchPage } from '../features/search/search-page';
import { SiteLayout } from './site-layout';

export function App() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route path="articles/:id" element={<ArticlePage />} />
        <Route path="categories" element={<CategoriesPage />} />
        <Route path="categories/:category" element={<CategoryPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="domain" element={<DomainPage />} />
        <Route path="search" element={<SearchPage />} />
        <Route path="offline" element={<OfflinePage />} />
        <Route path="newsroom" element={<NewsroomPage />} />
        <Route path="newsroom/analytics" element={<NewsroomAnalyticsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
