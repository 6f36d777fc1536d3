import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useSiteConfig } from '../../config/site-config';
import { Island } from '../../islands/island';
import { PageMeta } from '../../page-head/page-meta';
import { STANDARDS_EDITOR_PATH, StandardsEditor } from './standards-editor';

/**
 * The owner's editor of the standards pages: a server-rendered shell, never indexed, holding one
 * island that signs in with the admin token; only this page loads its code.
 */
export function StandardsEditorPage() {
  const { siteName } = useSiteConfig();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <PageMeta noindex title={`Standards pages | Newsroom | ${siteName}`} description={`Edit the standards pages of ${siteName}.`} path={STANDARDS_EDITOR_PATH} />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 1 }}>
        Standards pages
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 760 }}>
        The editorial standards, corrections policy, ownership and AI policy pages, in Markdown. A saved text shows on the page from the next
        request.
      </Typography>
      <Island name="standards-editor" when="load">
        <StandardsEditor />
      </Island>
    </Container>
  );
}
