import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import InputBase from '@mui/material/InputBase';
import Toolbar from '@mui/material/Toolbar';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import IconButton from '@mui/material/IconButton';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink, NavLink, useLocation } from 'react-router-dom';
import { useSiteConfig } from '../config/site-config';
import { Island } from '../islands/island';
import { SiteLogo } from './site-logo';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/categories/artificial-intelligence', label: 'Categories' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;

export function SiteHeader() {
  const { siteName } = useSiteConfig();
  const { pathname, search } = useLocation();
  const currentQuery = pathname === '/search' ? (new URLSearchParams(search).get('q') ?? '') : '';
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      component="header"
      // On phones the wrapped header is tall: it scrolls away instead of covering the story.
      sx={{ borderBottom: 1, borderColor: 'divider', position: { xs: 'static', md: 'sticky' } }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2, flexWrap: { xs: 'wrap', md: 'nowrap' }, py: { xs: 1, md: 0 } }}>
          <Box component={RouterLink} to="/" sx={{ display: 'flex', alignItems: 'center', gap: 1, textDecoration: 'none', color: 'text.primary', mr: 'auto' }}>
            <SiteLogo />
            <Box component="span" sx={{ fontWeight: 800, fontSize: '1.2rem', letterSpacing: '-0.02em' }}>
              {siteName}
            </Box>
          </Box>
          <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5, order: { xs: 3, md: 0 }, width: { xs: '100%', md: 'auto' }, overflowX: 'auto' }}>
            {NAV_LINKS.map((link) => (
              <Button
                key={link.to}
                component={NavLink}
                to={link.to}
                end={link.to === '/'}
                color="inherit"
                sx={{ whiteSpace: 'nowrap', '&.active': { color: 'primary.main', fontWeight: 800 } }}
              >
                {link.label}
              </Button>
            ))}
          </Box>
          {/* A GET form to the results page, working without script; its island records the query (spec section 2). */}
          <Island name="site-search" when="idle">
            <Box component="form" role="search" action="/search" method="get" sx={{ display: 'flex', alignItems: 'center', bgcolor: 'action.hover', borderRadius: 5, px: 1.5, py: 0.25 }}>
              <SearchIcon fontSize="small" aria-hidden="true" />
              <InputBase
                key={currentQuery}
                defaultValue={currentQuery}
                placeholder="Search tech news..."
                inputProps={{ 'aria-label': 'Search tech news', type: 'search', name: 'q', maxLength: 200 }}
                sx={{ ml: 1, width: { xs: 160, sm: 200 } }}
              />
            </Box>
          </Island>
          {/* Pressed when the page is dark; the island reads the real state as soon as it loads. */}
          <Island name="theme-toggle" when="load">
            <IconButton type="button" aria-label="Dark mode" aria-pressed="false" size="small" sx={{ '&[aria-pressed="true"]': { bgcolor: 'action.selected' } }}>
              <DarkModeIcon fontSize="small" aria-hidden="true" />
            </IconButton>
          </Island>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
