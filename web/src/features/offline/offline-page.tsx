import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useSiteConfig } from '../../config/site-config';
import { PageMeta } from '../../page-head/page-meta';

export const OFFLINE_HEADING = "You're offline";

/**
 * What the service worker shows for a page it has not saved while the reader is offline, with the
 * list of the articles it has saved on this device (written in by the worker, public/sw.js).
 */
export function OfflinePage() {
  const { siteName } = useSiteConfig();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
      <PageMeta title={`Offline | ${siteName}`} description="Saved articles you can read without a connection." path="/offline" noindex />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.4rem' }, mb: 2 }}>
        {OFFLINE_HEADING}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        This page isn't saved on this device. The articles you have read here are, and you can read them until you are back
        online.
      </Typography>
      <Box component="section" aria-labelledby="saved-articles-heading">
        <Typography id="saved-articles-heading" variant="h2" sx={{ fontSize: '1.3rem', mb: 1.5 }}>
          Saved articles
        </Typography>
        {/* The service worker writes the saved articles into this list as it answers the page. */}
        <Box component="ul" data-saved-articles sx={{ pl: 2.5, m: 0, '& li': { mb: 1 }, '& a': { color: 'primary.main', fontWeight: 600 } }} />
        <Typography data-saved-empty color="text.secondary">
          Articles you read while online appear here.
        </Typography>
      </Box>
      <Button component={RouterLink} to="/" variant="outlined" sx={{ mt: 4 }}>
        Try the home page
      </Button>
    </Container>
  );
}
