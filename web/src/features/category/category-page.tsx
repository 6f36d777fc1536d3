import { useApolloClient, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ExploreIcon from '@mui/icons-material/Explore';
import { Link as RouterLink, useParams, type Params } from 'react-router-dom';
import { ArticleCard, OFFSCREEN_CARD_SX } from '../../components/article-card';
import { FediverseFollow } from '../../components/fediverse-follow';
import { NamedIcon } from '../../components/named-icon';
import { NotFoundNotice } from '../../components/not-found-notice';
import { useSiteConfig } from '../../config/site-config';
import { CategoryPageDocument, SiteFooterDocument } from '../../graphql/graphql';
import { categoryAccountName } from '../../lib/fediverse-account';
import { PageMeta } from '../../page-head/page-meta';
import { categoryJsonLd } from './category-json-ld';
import { nameFromSlug } from './name-from-slug';

/** Card entry animation step on category pages: 100 ms per card. */
export const CARD_DELAY_STEP_MS = 100;
export const FETCH_FAILED_MESSAGE = 'Failed to fetch articles';

const CARD_SIZES = '(min-width: 1200px) 380px, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw';
/** Cards in the first row on a wide screen: their images load first and they render at once. */
const FIRST_ROW_CARDS = 3;


export const categoryPageQuery = (params: Readonly<Params>) =>
  // The category listing is never cached: every visit reads it afresh.
  ({ query: CategoryPageDocument, variables: { slug: params.category ?? '' }, fetchPolicy: 'network-only' as const });

export function CategoryPage() {
  const params = useParams();
  const { category: slug = '' } = params;
  const config = useSiteConfig();
  const { siteName } = config;
  const client = useApolloClient();
  const page = categoryPageQuery(params);
  const { data, loading, error } = useQuery(page.query, page);
  const path = `/categories/${slug}`;
  const feedHref = `/categories/${slug}/rss.xml`;

  const category = data?.category ?? null;
  const articles = category?.articles ?? null;

  if (category && articles) {
    const { name, description } = category;
    const nodes = articles.nodes;
    const account = categoryAccountName(category.slug);
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <PageMeta
          title={`${name} News | ${siteName}`}
          description={description}
          path={path}
          feeds={[{ title: `${siteName} — ${name}`, href: feedHref }]}
          jsonLd={categoryJsonLd(category, nodes, config)}
        />
        <Box component="header" sx={{ display: 'flex', gap: { xs: 2, md: 3 }, alignItems: 'flex-start', mb: 4 }}>
          <Box
            sx={{ flexShrink: 0, width: { xs: 64, md: 80 }, height: { xs: 64, md: 80 }, borderRadius: 3, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          >
            <NamedIcon name={category.icon} fontSize="large" data-testid="category-icon" sx={{ fontSize: { xs: 36, md: 44 } }} />
          </Box>
          <Box>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, mb: 1 }}>
              {name}
            </Typography>
            <Typography color="text.secondary" sx={{ maxWidth: 720, mb: 1 }}>
              {description}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {articles.totalCount} article(s) in this category
            </Typography>
            {account && (
              <Box sx={{ mt: 2 }}>
                <FediverseFollow username={account} description={`Every ${name} story from ${siteName} in your timeline on Mastodon or any other fediverse app.`} />
              </Box>
            )}
          </Box>
        </Box>
        {nodes.length > 0 ? (
          <Grid container spacing={3} component="section" aria-label={`${name} articles`}>
            {nodes.map((article, index) => {
              const firstRow = index < FIRST_ROW_CARDS;
              return (
                <Grid key={article.id} size={{ xs: 12, sm: 6, md: 4 }} sx={firstRow ? undefined : OFFSCREEN_CARD_SX}>
                  <ArticleCard article={article} animationDelayMs={index * CARD_DELAY_STEP_MS} headingLevel="h2" sizes={CARD_SIZES} priority={firstRow} />
                </Grid>
              );
            })}
          </Grid>
        ) : (
          <Box sx={{ textAlign: 'center', py: { xs: 6, md: 10 }, px: 2, border: 1, borderColor: 'divider', borderRadius: 3, bgcolor: 'background.paper' }}>
            <Typography variant="h2" sx={{ mb: 1 }}>
              No articles yet
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              We're working on bringing you the latest {name} news.
            </Typography>
            <Button component={RouterLink} to="/" variant="contained" startIcon={<ExploreIcon />}>
              Explore Other Categories
            </Button>
          </Box>
        )}
      </Container>
    );
  }

  // The real name when the category bar or footer already loaded the categories; a one-off read,
  // not a watched query, so it never changes what the footer's own query does.
  const loadingName = client.readQuery({ query: SiteFooterDocument })?.categories.find((c) => c.slug === slug)?.name ?? nameFromSlug(slug);

  if (loading) {
    return (
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <PageMeta title={`${loadingName} News | ${siteName}`} description={`The latest ${loadingName} news from ${siteName}.`} path={path} />
        <Typography role="status" color="text.secondary">
          Loading {loadingName} articles...
        </Typography>
      </Container>
    );
  }

  // An unknown slug is category: null; only a failed request is an error.
  if (!error) {
    return (
      <NotFoundNotice
        heading="Category Not Found"
        message="We couldn't find that category. It may have been renamed or removed; browse the categories from the home page instead."
        description="This category does not exist."
        path={path}
      />
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: 6 }}>
      <PageMeta status={500} noindex title={`${loadingName} News | ${siteName}`} description={FETCH_FAILED_MESSAGE} path={path} />
      <Typography variant="h1" sx={{ mb: 2 }}>
        {loadingName}
      </Typography>
      <Alert severity="error" sx={{ mb: 3 }}>
        {FETCH_FAILED_MESSAGE}
      </Alert>
      <Button component={RouterLink} to="/" variant="outlined" startIcon={<ArrowBackIcon />}>
        Back to Home
      </Button>
    </Container>
  );
}
