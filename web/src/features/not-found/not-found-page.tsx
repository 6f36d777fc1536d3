import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import HomeIcon from '@mui/icons-material/Home';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useSiteConfig } from '../../config/site-config';
import { PageMeta } from '../../page-head/page-meta';

export function NotFoundPage() {
  const { siteName } = useSiteConfig();
  const { pathname } = useLocation();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 8, md: 12 } }}>
      <PageMeta
        title={`Page Not Found | ${siteName}`}
        description="The page you requested does not exist or has moved."
        path={pathname}
        status={404}
        noindex
      />
      <Box sx={{ textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          404 Page Not Found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4, fontSize: '1.1rem' }}>
          Sorry, we couldn&rsquo;t find that page. It may have moved, or the address may be mistyped. Head back to the
          home page for the latest tech news.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" size="large" startIcon={<HomeIcon aria-hidden />}>
          Back to Home
        </Button>
      </Box>
    </Container>
  );
}
