import Box from '@mui/material/Box';
import { Outlet, useLocation } from 'react-router-dom';
import { BreakingTicker } from '../components/breaking-ticker';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { Island } from '../islands/island';

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
      <Island name="offline-banner" when="load">
        <Box
          role="status"
          data-offline-banner
          hidden
          sx={{ '&[hidden]': { display: 'none' }, bgcolor: '#fde68a', color: '#1f2937', px: 2, py: 1, textAlign: 'center', fontWeight: 600 }}
        >
          You're offline: this is a saved copy.{' '}
          <Box component="a" href="/offline" sx={{ color: 'inherit' }}>
            Saved articles
          </Box>
        </Box>
      </Island>
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}
