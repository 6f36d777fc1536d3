import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { siteHost, useSiteConfig } from '../../config/site-config';
import { MastheadPageDocument } from '../../graphql/graphql';
import { absoluteUrl } from '../../page-head/head-tags';
import { PageMeta } from '../../page-head/page-meta';
import { markdownToHtml } from './markdown-html';
import { Prose } from './standards-page';
import { fillSettings, MASTHEAD_INTRO, MASTHEAD_PATH } from './standards-pages';

export const mastheadPageQuery = { query: MastheadPageDocument };

/** Editors first, then everyone else, each group by name: how a masthead reads. */
export function byRole<T extends { role: string; name: string }>(people: readonly T[]): { heading: string; people: T[] }[] {
  const editors = people.filter((p) => /editor/i.test(p.role));
  const writers = people.filter((p) => !/editor/i.test(p.role));
  return [
    { heading: 'Editors', people: editors },
    { heading: 'Reporters', people: writers },
  ].filter((group) => group.people.length > 0);
}

export function MastheadPage() {
  const config = useSiteConfig();
  const { data, loading, error } = useQuery(mastheadPageQuery.query);
  const settings = { siteName: config.siteName, domain: siteHost(config), email: config.contactEmail };
  const groups = byRole(data?.authors ?? []);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta
        title={`Masthead | ${config.siteName}`}
        description={`The editors and reporters of ${config.siteName}, by role.`}
        path={MASTHEAD_PATH}
        status={error && !data ? 500 : 200}
        jsonLd={[{ '@context': 'https://schema.org', '@type': 'WebPage', name: 'Masthead', url: absoluteUrl(config, MASTHEAD_PATH), inLanguage: 'en-AU' }]}
      />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, mb: 3 }}>
        Masthead
      </Typography>
      <Prose dangerouslySetInnerHTML={{ __html: markdownToHtml(fillSettings(MASTHEAD_INTRO, settings)) }} />
      {loading && !data && (
        <Typography role="status" color="text.secondary">
          Loading the masthead...
        </Typography>
      )}
      {error && !data && <Alert severity="error">Failed to load the masthead. Please try again later.</Alert>}
      {groups.map((group) => (
        <section key={group.heading} aria-labelledby={`masthead-${group.heading}`}>
          <Typography variant="h2" id={`masthead-${group.heading}`} sx={{ fontSize: '1.4rem', mt: 4, mb: 1.5 }}>
            {group.heading}
          </Typography>
          <ul>
            {group.people.map((p) => (
              <li key={p.id}>
                <RouterLink to={`/authors/${p.slug}`}>{p.name}</RouterLink>, {p.role}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Container>
  );
}
