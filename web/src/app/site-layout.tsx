import Box from '@mui/material/Box';
import { Outlet, useLocation } from 'react-router-dom';
import { BreakingTicker } from '../components/breaking-ticker';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';

/** Header, main landmark and footer on every page; on home the breaking ticker sits above the header. */
export function SiteLayout() {
  const { pathname } = useLocation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main"
        sx={{ position: 'absolute', left: -9999, '&:focus': { left: 16, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 } }}
      >
        Skip to content
      </Box>
      {pathname === '/' && <BreakingTicker />}
      <SiteHeader />
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}
