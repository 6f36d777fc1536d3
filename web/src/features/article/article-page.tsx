import { CombinedGraphQLErrors } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useParams, type Params } from 'react-router-dom';
import { ArticleBody } from '../../components/article-body';
import { ArticleCard } from '../../components/article-card';
import { NotFoundNotice } from '../../components/not-found-notice';
import { useSiteConfig } from '../../config/site-config';
import { ArticlePageDocument, type ArticlePageQuery } from '../../graphql/graphql';
import { absoluteUrl } from '../../page-head/head-tags';
import { PageMeta } from '../../page-head/page-meta';
import { articleJsonLd } from './article-json-ld';
import { ShareMenu } from './share-menu';

export const RELATED_LIMIT = 3;
export const NOT_FOUND_MESSAGE = "The article you're looking for could not be found.";

/** A malformed id (BAD_USER_INPUT) or a missing article (NOT_FOUND) both mean "no such article". */
const MISSING_CODES = new Set(['BAD_USER_INPUT', 'NOT_FOUND']);

function isMissingError(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) && error.errors.some((e) => MISSING_CODES.has(String(e.extensions?.code)));
}

type Article = NonNullable<ArticlePageQuery['article']>;

/** The article page's query, from the URL's id (a malformed id is the API's to refuse). */
export const articlePageQuery = (params: Readonly<Params>) =>
  ({ query: ArticlePageDocument, variables: { id: params.id ?? '' }, errorPolicy: 'all' as const });

export function ArticlePage() {
  const params = useParams();
  const { id = '' } = params;
  const { siteName } = useSiteConfig();
  const page = articlePageQuery(params);
  const { data, loading, error } = useQuery(page.query, page);
  const article = data?.article ?? null;
  const path = `/articles/${id}`;

  if (article) return <ArticleView article={article} />;

  if (loading) {
    return (
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <PageMeta title={`Article | ${siteName}`} description={`Technology news from ${siteName}.`} path={path} />
        <Typography role="status" color="text.secondary">
          Loading article...
        </Typography>
      </Container>
    );
  }

  if (error && !isMissingError(error)) {
    return (
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <PageMeta status={500} noindex title={`Article Unavailable | ${siteName}`} description="The article could not be loaded." path={path} />
        <Typography variant="h1" sx={{ mb: 2 }}>
          Article Unavailable
        </Typography>
        <Alert severity="error" sx={{ mb: 3 }}>
          Failed to load the article. Please try again later.
        </Alert>
        <Button component={RouterLink} to="/" variant="contained" startIcon={<ArrowBackIcon />}>
          Back to Home
        </Button>
      </Container>
    );
  }

  return <NotFoundNotice heading="Article Not Found" message={NOT_FOUND_MESSAGE} path={path} />;
}

function ArticleView({ article }: { article: Article }) {
  const config = useSiteConfig();
  const { siteName } = config;
  const { category } = article;
  const related = article.related.slice(0, RELATED_LIMIT);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta
        title={`${article.title} | ${siteName}`}
        description={article.excerpt}
        path={`/articles/${article.id}`}
        type="article"
        image={article.imageUrl}
        publishedTime={article.publishedAt}
        modifiedTime={article.updatedAt}
        section={category.name}
        feeds={[{ title: `${siteName} — ${category.name}`, href: `/categories/${category.slug}/rss.xml` }]}
        jsonLd={articleJsonLd(article, config)}
      />
      <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />} sx={{ mb: 2, ml: -1 }}>
        Back to Articles
      </Button>
      <Grid container spacing={{ xs: 4, md: 6 }}>
        <Grid size={{ xs: 12, md: 8 }}>
          {/* The tooltip describes the button (its name stays 'Share'). */}
          <ArticleBody article={article} actions={<ShareMenu url={absoluteUrl(config, `/articles/${article.id}`)} title={article.title} />} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }} component="aside" aria-labelledby="related-heading">
          <Box sx={{ position: { md: 'sticky' }, top: { md: 96 }, display: 'flex', flexDirection: 'column', gap: 3 }}>
            <Box>
              <Typography id="related-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
                Related Articles
              </Typography>
              {related.length > 0 ? (
                <Stack spacing={2}>
                  {related.map((r) => (
                    <ArticleCard key={r.id} article={r} compact headingLevel="h3" />
                  ))}
                </Stack>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  No related articles in {category.name} yet.
                </Typography>
              )}
            </Box>
            <AdPlaceholder />
          </Box>
        </Grid>
      </Grid>
    </Container>
  );
}

/** A reserved ad slot of fixed size (no layout shift, no external content). */
function AdPlaceholder() {
  return (
    <Box
      data-testid="ad-placeholder"
      sx={{
        // The real slots: a 320x100 mobile banner on phones, a 300x250 rectangle from tablets up.
        width: { xs: 320, md: 300 },
        maxWidth: '100%',
        height: { xs: 100, md: 250 },
        mx: 'auto',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'action.hover',
      }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: '0.08em' }}>
        Advertisement
      </Typography>
    </Box>
  );
}
