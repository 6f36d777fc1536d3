import styled from '@emotion/styled';
import { useQuery } from '@apollo/client/react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { siteHost, useSiteConfig } from '../../config/site-config';
import { StandardsPageDocument } from '../../graphql/graphql';
import { absoluteUrl } from '../../page-head/head-tags';
import { PageMeta } from '../../page-head/page-meta';
import { madeOnce } from '../../theme/made-once';
import { markdownToHtml } from './markdown-html';
import { fillSettings, type StandardsPage as StandardsPageContent } from './standards-pages';

export const Prose = styled('div')(
  madeOnce({
    maxWidth: 760,
    '& h2': { typography: 'h2', fontSize: '1.4rem', mt: 4, mb: 1.5 },
    '& p, & li': { typography: 'body1', lineHeight: 1.7 },
    '& p': { m: 0, mb: 2 },
    '& ul': { pl: 3, mb: 2 },
    '& a': { color: 'primary.main', textUnderlineOffset: '2px' },
  }),
);

/** The owner's text of a page, if saved in the newsroom (decision 127): its slug is its path without the slash. */
export function standardsPageQuery(page: Pick<StandardsPageContent, 'path'>) {
  return { query: StandardsPageDocument, variables: { slug: page.path.slice(1) } };
}

/**
 * One standards page: the owner's text saved in the newsroom, else the text kept with the code,
 * rendered from Markdown on the server, and the page's JSON-LD as a WebPage of the organisation.
 */
export function StandardsPage({ page }: { page: StandardsPageContent }) {
  const config = useSiteConfig();
  const { data, error } = useQuery(StandardsPageDocument, standardsPageQuery(page));
  // Without an answer the code's text is shown, as a failed (never kept) answer.
  const failed = Boolean(error) && !data;
  const markdown = data?.standardsPageText?.markdown ?? page.markdown;
  const settings = { siteName: config.siteName, domain: siteHost(config), email: config.contactEmail };
  const description = fillSettings(page.description, settings);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta
        title={`${page.title} | ${config.siteName}`}
        description={description}
        path={page.path}
        status={failed ? 500 : 200}
        jsonLd={[
          {
            '@context': 'https://schema.org',
            '@type': 'WebPage',
            name: page.title,
            description,
            url: absoluteUrl(config, page.path),
            inLanguage: 'en-AU',
            publisher: { '@type': 'NewsMediaOrganization', name: config.siteName, url: absoluteUrl(config, '/') },
          },
        ]}
      />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, mb: 3 }}>
        {page.title}
      </Typography>
      <Prose dangerouslySetInnerHTML={{ __html: markdownToHtml(fillSettings(markdown, settings)) }} />
    </Container>
  );
}
