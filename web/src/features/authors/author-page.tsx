import { useApolloClient, useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, useSearchParams, type Params } from 'react-router-dom';
import { ArticleCard } from '../../components/article-card';
import { FediverseFollow } from '../../components/fediverse-follow';
import { NotFoundNotice } from '../../components/not-found-notice';
import { useSiteConfig } from '../../config/site-config';
import { AuthorPageDocument, SiteFooterDocument } from '../../graphql/graphql';
import { authorAccountName } from '../../lib/fediverse-account';
import { PageMeta } from '../../page-head/page-meta';
import { AuthorAvatar } from './author-avatar';
import { authorJsonLd, fediverseUrl } from './author-json-ld';

const CARD_SIZES = '(min-width: 1200px) 380px, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw';

/** The author page's query: the slug from the path, the page of articles from ?after=. */
export const authorPageQuery = (params: Readonly<Params>, search: URLSearchParams) => ({
  query: AuthorPageDocument,
  variables: { slug: params.slug ?? '', after: search.get('after') || null },
  errorPolicy: 'all' as const,
});

export function AuthorPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const config = useSiteConfig();
  const { siteName } = config;
  const page = authorPageQuery(params, search);
  const { data, loading, error } = useQuery(page.query, page);
  const slug = page.variables.slug;
  const path = `/authors/${slug}`;
  const author = data?.author ?? null;
  const client = useApolloClient();

  if (author) {
    const { articles } = author;
    // A category's account comes first where the slugs meet: the layout's footer has read every category.
    const account = authorAccountName(author.slug, client.readQuery({ query: SiteFooterDocument })?.categories.map((c) => c.slug) ?? []);
    const links = [
      author.linkedinUrl ? { href: author.linkedinUrl, label: 'LinkedIn' } : null,
      author.fediverseHandle && fediverseUrl(author.fediverseHandle) ? { href: fediverseUrl(author.fediverseHandle)!, label: `Fediverse (${author.fediverseHandle})` } : null,
      author.websiteUrl ? { href: author.websiteUrl, label: 'Website' } : null,
    ].filter((l): l is { href: string; label: string } => l !== null);
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        <PageMeta
          title={`${author.name}, ${author.role} | ${siteName}`}
          description={author.bio || `Articles by ${author.name} at ${siteName}.`}
          path={page.variables.after ? `${path}?after=${encodeURIComponent(page.variables.after)}` : path}
          jsonLd={authorJsonLd(author, articles.nodes, config)}
          fediverseCreator={author.fediverseHandle}
        />
        <Box component="header" sx={{ display: 'flex', gap: { xs: 2, md: 3 }, alignItems: 'flex-start', mb: 4 }}>
          <AuthorAvatar name={author.name} photoUrl={author.photoUrl} size={96} />
          <Box>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, mb: 0.5 }}>
              {author.name}
            </Typography>
            <Typography sx={{ fontWeight: 700, mb: 1 }} data-testid="author-role">
              {author.role}
            </Typography>
            {author.bio && (
              <Typography color="text.secondary" sx={{ maxWidth: 720, mb: 1 }}>
                {author.bio}
              </Typography>
            )}
            {author.categories.length > 0 && (
              <Typography variant="body2" sx={{ mb: 1 }}>
                Covers:{' '}
                {author.categories.map((c, i) => (
                  <span key={c.id}>
                    {i > 0 && ', '}
                    <RouterLink to={`/categories/${c.slug}`}>{c.name}</RouterLink>
                  </span>
                ))}
              </Typography>
            )}
            {links.length > 0 && (
              <Box component="ul" aria-label={`${author.name} elsewhere`} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}>
                {links.map((l) => (
                  <li key={l.label}>
                    <a href={l.href} rel="me noopener noreferrer" target="_blank">
                      {l.label}
                    </a>
                  </li>
                ))}
              </Box>
            )}
            {account && (
              <Box sx={{ mt: 2 }}>
                <FediverseFollow username={account} description={`Every story by ${author.name} in your timeline on Mastodon or any other fediverse app.`} />
              </Box>
            )}
          </Box>
        </Box>
        <Typography variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }} id="author-articles">
          Articles by {author.name} ({articles.totalCount})
        </Typography>
        {articles.nodes.length > 0 ? (
          <Grid container spacing={3} component="section" aria-labelledby="author-articles">
            {articles.nodes.map((article, index) => (
              <Grid key={article.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <ArticleCard article={article} headingLevel="h3" sizes={CARD_SIZES} priority={index < 3} />
              </Grid>
            ))}
          </Grid>
        ) : (
          <Typography color="text.secondary">{page.variables.after ? 'No more articles.' : `${author.name} has not published an article yet.`}</Typography>
        )}
        {/* Plain links: the next page works without JavaScript. */}
        <Box component="nav" aria-label="More articles" sx={{ display: 'flex', gap: 3, mt: 4 }}>
          {page.variables.after && <RouterLink to={path}>Newest articles</RouterLink>}
          {articles.pageInfo.hasNextPage && articles.pageInfo.endCursor && (
            <RouterLink to={`${path}?after=${encodeURIComponent(articles.pageInfo.endCursor)}`} rel="next">
              Older articles by {author.name}
            </RouterLink>
          )}
        </Box>
      </Container>
    );
  }

  if (loading) {
    return (
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <PageMeta title={`Author | ${siteName}`} description={`Writers at ${siteName}.`} path={path} />
        <Typography role="status" color="text.secondary">
          Loading author...
        </Typography>
      </Container>
    );
  }

  if (error) {
    return (
      <Container maxWidth="lg" sx={{ py: 6 }}>
        <PageMeta status={500} noindex title={`Author Unavailable | ${siteName}`} description="The author could not be loaded." path={path} />
        <Typography variant="h1" sx={{ mb: 2 }}>
          Author Unavailable
        </Typography>
        <Alert severity="error">Failed to load the author. Please try again later.</Alert>
      </Container>
    );
  }

  return (
    <NotFoundNotice
      heading="Author Not Found"
      message="We couldn't find that author. Browse everyone who writes for us on the authors page."
      description="This author does not exist."
      path={path}
    />
  );
}
