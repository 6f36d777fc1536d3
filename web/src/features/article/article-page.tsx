import { CombinedGraphQLErrors } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import styled from '@emotion/styled';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, useParams, type Params } from 'react-router-dom';
import { ArticleBody } from '../../components/article-body';
import { ArticleCard } from '../../components/article-card';
import { ButtonLink } from '../../components/button-link';
import { PAGE_CONTAINER_SX } from '../../components/page-container';
import { NotFoundNotice } from '../../components/not-found-notice';
import { useSiteConfig } from '../../config/site-config';
import { ArticlePageDocument, type ArticlePageQuery } from '../../graphql/graphql';
import { absoluteUrl } from '../../page-head/head-tags';
import { PageMeta } from '../../page-head/page-meta';
import { madeOnce } from '../../theme/made-once';
import { ArticleCorrections } from './article-corrections';
import { articleJsonLd } from './article-json-ld';
import { FediverseReplies } from './fediverse-replies';
import { HouseAd } from './house-ad';
import { ShareMenu } from './share-menu';
import { NewsletterSignup } from '../../components/newsletter-signup';

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

// The story's frame, styled once (theme/made-once.ts).
const Frame = styled('div')(madeOnce({ ...PAGE_CONTAINER_SX, py: { xs: 3, md: 5 }, '& > a:first-of-type': { mb: 2, ml: -1 } }));
// MUI's 8 and 4 of 12 columns with a 48 px gap.
const Columns = styled('div')(
  madeOnce({ display: 'grid', gap: { xs: 4, md: 6 }, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) calc(100% / 3 - 96px / 3)' } }),
);
const Aside = styled('aside')(
  madeOnce({
    minWidth: 0,
    '& > div': { position: { md: 'sticky' }, top: { md: 96 }, display: 'flex', flexDirection: 'column', gap: 3 },
    '& h2': { m: 0, mb: 2, typography: 'h2', fontSize: '1.25rem' },
    '& h2 + p': { m: 0, typography: 'body2', color: 'text.secondary' },
  }),
);
const Related = styled('div')(madeOnce({ display: 'flex', flexDirection: 'column', gap: 2 }));
function ArticleView({ article }: { article: Article }) {
  const config = useSiteConfig();
  const { siteName } = config;
  const { category } = article;
  const related = article.related.slice(0, RELATED_LIMIT);
  return (
    <Frame>
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
        fediverseCreator={article.authorProfile?.fediverseHandle}
      />
      <span data-print="hide">
        <ButtonLink to="/" variant="text" startIcon={<ArrowBackIcon />}>
          Back to Articles
        </ButtonLink>
      </span>
      <Columns data-print="one-column">
        <div>
          {/* The tooltip describes the button (its name stays 'Share'). */}
          <ArticleBody
            article={article}
            notes={<ArticleCorrections corrections={article.corrections} />}
            actions={
              <span data-print="hide" style={{ display: 'contents' }}>
                <ShareMenu url={absoluteUrl(config, `/articles/${article.id}`)} title={article.title} />
              </span>
            }
          />
          <FediverseReplies replies={article.fediverseReplies} />
          {/* On paper, the article's address in place of the page around it. */}
          <p data-print="only">{absoluteUrl(config, `/articles/${article.id}`)}</p>
          <NewsletterSignup page={`/articles/${article.id}`} />
        </div>
        <Aside aria-labelledby="related-heading" data-print="hide">
          <div>
            <div>
              <h2 id="related-heading">Related Articles</h2>
              {related.length > 0 ? (
                <Related>
                  {related.map((r) => (
                    <ArticleCard key={r.id} article={r} compact headingLevel="h3" />
                  ))}
                </Related>
              ) : (
                <p>No related articles in {category.name} yet.</p>
              )}
            </div>
            <HouseAd />
          </div>
        </Aside>
      </Columns>
    </Frame>
  );
}
