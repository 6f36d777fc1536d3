import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams, type Params } from 'react-router-dom';
import { useSiteConfig } from '../../config/site-config';
import { CorrectionsPageDocument } from '../../graphql/graphql';
import { CORRECTION_LABELS } from '../../lib/correction-labels';
import { formatLongDate } from '../../lib/dates';
import { absoluteUrl } from '../../page-head/head-tags';
import { PageMeta } from '../../page-head/page-meta';

const PATH = '/corrections';

export const correctionsPageQuery = (_params: Readonly<Params>, search: URLSearchParams) => ({
  query: CorrectionsPageDocument,
  variables: { after: search.get('after') || null },
  errorPolicy: 'all' as const,
});

/** Every correction and clarification, newest first, each linking to the note on its article. */
export function CorrectionsPage() {
  const [search] = useSearchParams();
  const config = useSiteConfig();
  const { siteName } = config;
  const page = correctionsPageQuery({}, search);
  const { data, loading, error } = useQuery(page.query, page);
  const corrections = data?.corrections ?? null;
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta
        title={`Corrections | ${siteName}`}
        description={`Every correction and clarification ${siteName} has made to a published article, newest first.`}
        path={PATH}
        status={error && !corrections ? 500 : 200}
        feeds={[{ title: `${siteName}: corrections and clarifications`, href: `${PATH}/rss.xml` }]}
        jsonLd={[{ '@context': 'https://schema.org', '@type': 'CollectionPage', name: 'Corrections', url: absoluteUrl(config, PATH), inLanguage: 'en-AU' }]}
      />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, mb: 1 }}>
        Corrections
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        When we get something wrong we say so on the story and list it here, newest first. Read our <RouterLink to="/corrections-policy">corrections policy</RouterLink>, or follow this
        list by <a href={`${PATH}/rss.xml`}>RSS</a>.
      </Typography>
      {loading && !corrections && (
        <Typography role="status" color="text.secondary">
          Loading corrections...
        </Typography>
      )}
      {error && !corrections && <Alert severity="error">Failed to load the corrections. Please try again later.</Alert>}
      {corrections && corrections.nodes.length === 0 && <Typography color="text.secondary">No corrections yet.</Typography>}
      {corrections && corrections.nodes.length > 0 && (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="corrections-list">
          {corrections.nodes.map((c) => (
            <Box component="li" key={c.id} sx={{ p: 2, borderLeft: 4, borderColor: 'warning.main', bgcolor: 'background.paper' }}>
              <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', m: 0, mb: 0.5 }}>
                <RouterLink to={`/articles/${c.articleId}#correction-${c.id}`}>{c.articleTitle}</RouterLink>
              </Typography>
              <Typography variant="body2">
                <strong>
                  {CORRECTION_LABELS[c.kind]}, <time dateTime={new Date(c.createdAt).toISOString()}>{formatLongDate(c.createdAt)}</time>:
                </strong>{' '}
                {c.text}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      <Box component="nav" aria-label="More corrections" sx={{ display: 'flex', gap: 3, mt: 4 }}>
        {page.variables.after && <RouterLink to={PATH}>Newest corrections</RouterLink>}
        {corrections?.pageInfo.hasNextPage && corrections.pageInfo.endCursor && (
          <RouterLink to={`${PATH}?after=${encodeURIComponent(corrections.pageInfo.endCursor)}`} rel="next">
            Older corrections
          </RouterLink>
        )}
      </Box>
    </Container>
  );
}
