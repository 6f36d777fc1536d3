import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useSiteConfig } from '../../config/site-config';
import { AuthorsPageDocument } from '../../graphql/graphql';
import { absoluteUrl } from '../../page-head/head-tags';
import { PageMeta } from '../../page-head/page-meta';
import { AuthorAvatar } from './author-avatar';

export const authorsPageQuery = { query: AuthorsPageDocument };

/** Everyone who writes for the site, by name, each linking to their page. */
export function AuthorsPage() {
  const config = useSiteConfig();
  const { siteName } = config;
  const { data, loading, error } = useQuery(authorsPageQuery.query);
  const authors = data?.authors ?? [];
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta
        title={`Our Authors | ${siteName}`}
        description={`The reporters and editors who write ${siteName}, with their roles and articles.`}
        path="/authors"
        status={error && !data ? 500 : 200}
        jsonLd={[
          {
            '@context': 'https://schema.org',
            '@type': 'CollectionPage',
            name: 'Our Authors',
            url: absoluteUrl(config, '/authors'),
            mainEntity: {
              '@type': 'ItemList',
              itemListElement: authors.map((a, i) => ({ '@type': 'ListItem', position: i + 1, url: absoluteUrl(config, `/authors/${a.slug}`), name: a.name })),
            },
          },
        ]}
      />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, mb: 1 }}>
        Our Authors
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 720 }}>
        Every story carries the name of the person who wrote it. Read about them, what they cover and everything they have written for {siteName}.
      </Typography>
      {loading && !data && (
        <Typography role="status" color="text.secondary">
          Loading authors...
        </Typography>
      )}
      {error && !data && <Alert severity="error">Failed to load the authors. Please try again later.</Alert>}
      {data && authors.length === 0 && <Typography color="text.secondary">No authors yet.</Typography>}
      {authors.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          {authors.map((a) => (
            <Box component="li" key={a.id} sx={{ display: 'flex', gap: 2, alignItems: 'center', p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
              <AuthorAvatar name={a.name} photoUrl={a.photoUrl} size={56} />
              <div>
                <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', m: 0 }}>
                  <RouterLink to={`/authors/${a.slug}`}>{a.name}</RouterLink>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {a.role}
                </Typography>
              </div>
            </Box>
          ))}
        </Box>
      )}
    </Container>
  );
}
