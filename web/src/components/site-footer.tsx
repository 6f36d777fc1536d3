import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import { belowTheFold } from '../theme/below-the-fold';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useSiteConfig } from '../config/site-config';
import { SiteFooterDocument } from '../graphql/graphql';

export const FOOTER_CATEGORY_COUNT = 5;

export const siteFooterQuery = { query: SiteFooterDocument };

export function SiteFooter() {
  const { siteName } = useSiteConfig();
  const { data } = useQuery(siteFooterQuery.query);
  const categories = data?.categories.slice(0, FOOTER_CATEGORY_COUNT) ?? [];
  return (
    // Below the fold on every page but the shortest.
    <Box component="footer" data-surface="dark" sx={{ bgcolor: '#0a1f3c', color: '#e8eef7', mt: 8, py: 6, ...belowTheFold(640) }}>
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Typography component="p" variant="h4" sx={{ color: '#fff' }}>
              {siteName}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1, color: '#c5d2e3', maxWidth: 420 }}>
              Independent Australian coverage of the technologies reshaping business, science and everyday life.
            </Typography>
          </Grid>
          <Grid size={{ xs: 6, md: 4 }} component="nav" aria-label="Footer categories">
            <Typography component="h2" variant="subtitle2" sx={{ color: '#fff', mb: 1 }}>
              Categories
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
              {categories.map((c) => (
                <li key={c.slug}>
                  <Link component={RouterLink} to={`/categories/${c.slug}`} sx={{ color: '#e8eef7' }}>
                    {c.name}
                  </Link>
                </li>
              ))}
            </Box>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }} component="nav" aria-label="Footer">
            <Typography component="h2" variant="subtitle2" sx={{ color: '#fff', mb: 1 }}>
              {siteName}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
              <li>
                <Link component={RouterLink} to="/about" sx={{ color: '#e8eef7' }}>About</Link>
              </li>
              <li>
                <Link component={RouterLink} to="/contact" sx={{ color: '#e8eef7' }}>Contact</Link>
              </li>
              <li>
                <Link href="/rss.xml" sx={{ color: '#e8eef7' }}>RSS feed</Link>
              </li>
            </Box>
          </Grid>
        </Grid>
        <Typography variant="caption" component="p" sx={{ mt: 4, color: '#c5d2e3' }}>
          © {new Date().getFullYear()} {siteName}. Made in Australia.
        </Typography>
      </Container>
    </Box>
  );
}
