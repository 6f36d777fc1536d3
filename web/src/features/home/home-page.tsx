import { Fragment, useId, useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useSearchParams, type Params } from 'react-router-dom';
import { ArticleCard, OFFSCREEN_CARD_SX } from '../../components/article-card';
import { Island } from '../../islands/island';
import { useSiteConfig, type SiteConfig } from '../../config/site-config';
import { belowTheFold } from '../../theme/below-the-fold';
import { HomePageDocument } from '../../graphql/graphql';
import { pickFeatured } from '../../lib/featured';
import { absoluteUrl } from '../../page-head/head-tags';
import { PageMeta } from '../../page-head/page-meta';
import { AD_SLOT_INTERVAL, AdSlot, hasAdSlotAfter } from './ad-slot';
import { CategoryBar } from './category-bar';
import { DomainPitch } from './domain-pitch';
import { FeaturedArticle } from './featured-article';
import { LatestFilterChips, LatestTools } from './latest-filter';
import { MoreHeadlines } from './more-headlines';
import { PartnerPromotion } from './partner-promotion';
import { SidebarPartner } from './sidebar-partner';
import { TrendingTopics } from './trending-topics';

/** Card entry animation delay on home (spec section 9). */
export const HOME_CARD_DELAY_MS = 150;
/** Stories listed under More Headlines in the sidebar. */
export const MORE_HEADLINES_COUNT = 8;

export const HOME_DESCRIPTION =
  'Australian technology news and analysis: AI, quantum computing, cybersecurity, space and more for readers, investors and tech professionals.';

export function homeJsonLd(config: SiteConfig): object[] {
  const url = absoluteUrl(config, '/');
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'NewsMediaOrganization',
      name: config.siteName,
      url,
      logo: { '@type': 'ImageObject', url: absoluteUrl(config, '/media/brand/logo.png'), width: 512, height: 512 },
    },
    { '@context': 'https://schema.org', '@type': 'WebSite', name: config.siteName, url, inLanguage: 'en-AU' },
  ];
}

/** The home page's query; an unknown ?category= is category: null, which leaves the rest of the page as it is. */
export function homePageQuery(_params: Readonly<Params>, search: URLSearchParams) {
  const category = search.get('category') || null;
  return { query: HomePageDocument, variables: { category: category ?? '', filtered: category !== null } };
}

export function HomePage() {
  const config = useSiteConfig();
  const { siteName } = config;
  const latestHeadingId = useId();
  const filterPanelId = useId();
  const [params] = useSearchParams();
  const home = homePageQuery({}, params);
  const category = home.variables.filtered ? home.variables.category : null;
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
      {/* No markup: the island sends the spec's HEAD warm-ups shortly after load. */}
      <Island name="home-warm-up" when="load">
        {null}
      </Island>
      <Container maxWidth="lg" sx={{ pb: 4 }}>
        <Typography variant="h1" sx={visuallyHidden}>
          {siteName}: Australian technology news
        </Typography>
        {loading && !data ? (
          <Typography role="status" sx={{ py: 8, textAlign: 'center' }} color="text.secondary">
            Loading latest tech news...
          </Typography>
        ) : !data ? (
          <Alert severity="error" sx={{ my: 4 }}>
            We couldn't load the latest news. Please refresh the page or try again shortly.
          </Alert>
        ) : (
          <>
            <CategoryBar categories={data?.categories ?? []} />
            <Grid container spacing={{ xs: 3, md: 4 }}>
              <Grid size={{ xs: 12, md: 8 }}>
                <Stack spacing={{ xs: 4, md: 5 }}>
                  {featured ? (
                    <FeaturedArticle article={featured} />
                  ) : (
                    <Typography color="text.secondary">No articles yet. Check back soon for the latest tech news.</Typography>
                  )}
                  {(latest.length > 0 || category) && (
                    <Box component="section" aria-labelledby={latestHeadingId}>
                      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1.5, mb: 2.5 }}>
                        <Typography id={latestHeadingId} variant="h2">
                          Latest Tech News
                        </Typography>
                        <LatestTools panelId={filterPanelId} open={category !== null} />
                      </Box>
                      <LatestFilterChips panelId={filterPanelId} open={category !== null} categories={data?.categories ?? []} selected={category} />
                      {category && (
                        <Typography role="status" sx={{ mb: 2, fontWeight: 600 }}>
                          {filtered
                            ? `Showing ${filtered.name}: ${filtered.articles.totalCount} article(s)`
                            : `There is no category "${category}". Showing the latest news from every category.`}
                        </Typography>
                      )}
                      <Grid container spacing={3} data-testid="latest-grid">
                        {latest.map((article, index) => (
                          <Fragment key={article.id}>
                            {/* Below the featured story, so below the fold on a phone. */}
                            <Grid size={{ xs: 12, sm: 6 }} sx={OFFSCREEN_CARD_SX}>
                              <ArticleCard article={article} animationDelayMs={index * HOME_CARD_DELAY_MS} headingLevel="h3" sizes="(min-width: 1200px) 380px, (min-width: 600px) 50vw, 100vw" />
                            </Grid>
                            {hasAdSlotAfter(index) && <AdSlot slot={(index + 1) / AD_SLOT_INTERVAL} />}
                          </Fragment>
                        ))}
                      </Grid>
                    </Box>
                  )}
                  {promotion && <PartnerPromotion partner={promotion} />}
                  <DomainPitch />
                </Stack>
              </Grid>
              {/* Under all the news on a phone; beside it, and so rendered at once, on a wide screen. */}
              <Grid size={{ xs: 12, md: 4 }} sx={belowTheFold(1400)}>
                {/* Full height of the row: the last block stays in view while the reader scrolls the news. */}
                <Stack spacing={3} sx={{ height: '100%' }}>
                  <SidebarPartner partners={sidebarPartners} />
                  <TrendingTopics />
                  <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
                    <MoreHeadlines articles={more} />
                  </Box>
                </Stack>
              </Grid>
            </Grid>
          </>
        )}
      </Container>
    </>
  );
}
