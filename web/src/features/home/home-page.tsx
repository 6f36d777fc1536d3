import { Fragment, useId, useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import styled from '@emotion/styled';
import Alert from '@mui/material/Alert';
import { visuallyHidden } from '@mui/utils';
import { useSearchParams, type Params } from 'react-router-dom';
import { ArticleCard, OFFSCREEN_CARD_SX } from '../../components/article-card';
import { PAGE_CONTAINER_SX } from '../../components/page-container';
import { Island } from '../../islands/island';
import { useSiteConfig, type SiteConfig } from '../../config/site-config';
import { belowTheFold } from '../../theme/below-the-fold';
import { madeOnce } from '../../theme/made-once';
import { HomePageDocument } from '../../graphql/graphql';
import { pickFeatured } from '../../lib/featured';
import { absoluteUrl } from '../../page-head/head-tags';
import type { NewsMediaOrganization, QuantitativeValue, WebSite, WithContext } from 'schema-dts';
import { organizationPolicies } from '../../page-head/organization-json-ld';
import { PageMeta } from '../../page-head/page-meta';
import { AD_SLOT_INTERVAL, AdSlot, hasAdSlotAfter } from './ad-slot';
import { CategoryBar } from './category-bar';
import { DomainPitch } from './domain-pitch';
import { FeaturedArticle } from './featured-article';
import { FILTER_PARAM, LatestFilterChips, LatestTools } from './latest-filter';
import { LATEST_SECTION_ID, SWAP_ATTRIBUTE, SWAP_REGIONS } from './latest-filter-regions';
import { MoreHeadlines } from './more-headlines';
import { PartnerPromotion } from './partner-promotion';
import { SidebarPartner } from './sidebar-partner';
import { TrendingTopics } from './trending-topics';
import { MostReadPanel } from '../../components/most-read-panel';
import { NewsletterSignup } from '../../components/newsletter-signup';

/** Card entry animation delay on home: 150 ms per card. */
export const HOME_CARD_DELAY_MS = 150;
/** Stories listed under More Headlines in the sidebar. */
export const MORE_HEADLINES_COUNT = 8;

export const HOME_DESCRIPTION =
  'Australian technology news and analysis: AI, quantum computing, cybersecurity, space and more for readers, investors and tech professionals.';

/** A side of the logo in schema.org's terms: a quantity in pixels (UN/CEFACT E37), not a bare number. */
const LOGO_SIDE: QuantitativeValue = { '@type': 'QuantitativeValue', value: 512, unitCode: 'E37' };

export function homeJsonLd(config: SiteConfig): [WithContext<NewsMediaOrganization>, WithContext<WebSite>] {
  const url = absoluteUrl(config, '/');
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'NewsMediaOrganization',
      name: config.siteName,
      url,
      logo: { '@type': 'ImageObject', url: absoluteUrl(config, '/media/brand/logo.png'), width: LOGO_SIDE, height: LOGO_SIDE },
      ...organizationPolicies(config),
    },
    { '@context': 'https://schema.org', '@type': 'WebSite', name: config.siteName, url, inLanguage: 'en-AU' },
  ];
}

/** The home page's query; an unknown ?category= is category: null, which leaves the rest of the page as it is. */
export function homePageQuery(_params: Readonly<Params>, search: URLSearchParams) {
  const category = search.get('category') || null;
  return { query: HomePageDocument, variables: { category: category ?? '', filtered: category !== null } };
}

// The page's frame, styled once (theme/made-once.ts): a 2:1 grid beside the sidebar on a wide screen.
const Page = styled('div')(madeOnce({ ...PAGE_CONTAINER_SX, pb: 4, '& > h1': visuallyHidden }));
// The widths MUI's 8 and 4 of 12 columns had with a 32 px gap.
const Columns = styled('div')(madeOnce({ display: 'grid', gap: { xs: 3, md: 4 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) calc(100% / 3 - 64px / 3)' } }));
const MainColumn = styled('div')(madeOnce({ display: 'flex', flexDirection: 'column', gap: { xs: 4, md: 5 }, minWidth: 0 }));
// Under all the news on a phone; beside it, and so rendered at once, on a wide screen.
// Full height of the row: the last block stays in view while the reader scrolls the news.
// Its estimate is its height on a phone (1,760-1,860 px from 360 to 412 px wide): a smaller one
// leaves its unrendered blocks lying over the footer.
const Sidebar = styled('div')(
  madeOnce({
    ...belowTheFold(1800),
    display: 'flex',
    flexDirection: 'column',
    gap: 3,
    minWidth: 0,
    '& > :last-child': { position: { md: 'sticky' }, top: { md: 88 } },
  }),
);
const LatestHeader = styled('div')(
  madeOnce({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1.5, mb: 2.5, '& > h2': { m: 0, typography: 'h2' } }),
);
const LatestGrid = styled('div')(madeOnce({ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }));
/** Below the featured story, so below the fold on a phone. */
const OffscreenCell = styled('div')(madeOnce(OFFSCREEN_CARD_SX));
const Muted = styled('p')(madeOnce({ m: 0, typography: 'body1', color: 'text.secondary', '&[role="status"]': { py: 8, textAlign: 'center' } }));
// Always on the page, so a choice made in place is announced (a live region must exist before it changes);
// with every category shown it is for screen readers only.
const FilterStatus = styled('p')(madeOnce({ m: 0, mb: 2, typography: 'body1', fontWeight: 600, '&[data-all]': visuallyHidden }));
/** The data attribute naming a part the Filter replaces in place (latest-filter-swap.ts). */
const swapped = (region: keyof typeof SWAP_REGIONS) => ({ [SWAP_ATTRIBUTE]: SWAP_REGIONS[region] });

export function HomePage() {
  const config = useSiteConfig();
  const { siteName } = config;
  const latestHeadingId = useId();
  const filterPanelId = useId();
  const [params] = useSearchParams();
  const home = homePageQuery({}, params);
  const category = home.variables.filtered ? home.variables.category : null;
  // The chips are open with a category chosen, or when the Filter button was pressed without script.
  const filterOpen = category !== null || params.get(FILTER_PARAM) === 'open';
  const { data, loading } = useQuery(home.query, home);

  const { featured, latest: newest } = useMemo(() => pickFeatured(data?.articles.nodes ?? []), [data]);
  const filtered = category ? (data?.filtered ?? null) : null;
  const latest = filtered ? filtered.articles.nodes : newest;
  // What the page does not show yet: the next stories after the featured one and the Latest grid.
  const more = useMemo(() => {
    const shown = new Set([featured?.id, ...latest.map((a) => a.id)]);
    return (data?.articles.nodes ?? []).filter((a) => !shown.has(a.id)).slice(0, MORE_HEADLINES_COUNT);
  }, [data, featured, latest]);
  const promotion = data?.partners.find((p) => p.placement === 'PROMOTION') ?? null;
  const sidebarPartners = useMemo(() => data?.partners.filter((p) => p.placement === 'SIDEBAR') ?? [], [data]);

  return (
    <>
      <PageMeta
        title={`${siteName} | Australian Technology News`}
        description={HOME_DESCRIPTION}
        path="/"
        jsonLd={homeJsonLd(config)}
        feeds={[{ title: `${siteName} — latest`, href: '/rss.xml' }]}
      />
      {/* No markup: the island sends the HEAD warm-ups shortly after load. */}
      <Island name="home-warm-up" when="load">
        {null}
      </Island>
      <Page>
        <h1>{siteName}: Australian technology news</h1>
        {loading && !data ? (
          <Muted role="status">Loading latest tech news...</Muted>
        ) : !data ? (
          <Alert severity="error" sx={{ my: 4 }}>
            We couldn't load the latest news. Please refresh the page or try again shortly.
          </Alert>
        ) : (
          <>
            <CategoryBar categories={data?.categories ?? []} />
            <Columns>
              <MainColumn>
                {featured ? <FeaturedArticle article={featured} /> : <Muted>No articles yet. Check back soon for the latest tech news.</Muted>}
                {(latest.length > 0 || category) && (
                  <section id={LATEST_SECTION_ID} aria-labelledby={latestHeadingId} style={{ scrollMarginTop: 96 }}>
                    <LatestHeader>
                      <h2 id={latestHeadingId}>Latest Tech News</h2>
                      <LatestTools panelId={filterPanelId} open={filterOpen} />
                    </LatestHeader>
                    <LatestFilterChips panelId={filterPanelId} open={filterOpen} categories={data?.categories ?? []} selected={category} />
                    <FilterStatus role="status" data-all={category ? undefined : ''} {...swapped('status')}>
                      {!category
                        ? 'Showing the latest news from every category'
                        : filtered
                          ? `Showing ${filtered.name}: ${filtered.articles.totalCount} article(s)`
                          : `There is no category "${category}". Showing the latest news from every category.`}
                    </FilterStatus>
                    <LatestGrid data-testid="latest-grid" {...swapped('grid')}>
                      {latest.map((article, index) => (
                        <Fragment key={article.id}>
                          <OffscreenCell>
                            <ArticleCard article={article} animationDelayMs={index * HOME_CARD_DELAY_MS} headingLevel="h3" sizes="(min-width: 1200px) 380px, (min-width: 600px) 50vw, 100vw" />
                          </OffscreenCell>
                          {hasAdSlotAfter(index) && <AdSlot slot={(index + 1) / AD_SLOT_INTERVAL} />}
                        </Fragment>
                      ))}
                    </LatestGrid>
                  </section>
                )}
                {promotion && <PartnerPromotion partner={promotion} />}
                <DomainPitch />
              </MainColumn>
              <Sidebar>
                <SidebarPartner partners={sidebarPartners} />
                <TrendingTopics articles={data?.articles.nodes ?? []} />
                <MostReadPanel />
                <NewsletterSignup page="/" />
                <div {...swapped('more')}>
                  <MoreHeadlines articles={more} />
                </div>
              </Sidebar>
            </Columns>
          </>
        )}
      </Page>
    </>
  );
}
