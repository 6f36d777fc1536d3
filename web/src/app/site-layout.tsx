import styled from '@emotion/styled';
import { Outlet, useLocation } from 'react-router-dom';
import { BreakingTicker } from '../components/breaking-ticker';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { Island } from '../islands/island';
import { madeOnce } from '../theme/made-once';

// Every page renders these: styled once (theme/made-once.ts).
const Page = styled('div')(madeOnce({ minHeight: '100vh', display: 'flex', flexDirection: 'column' }));
const SkipLink = styled('a')(
  madeOnce({ position: 'absolute', left: -9999, '&:focus': { left: 16, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 } }),
);
const OfflineBanner = styled('div')(
  madeOnce({
    '&[hidden]': { display: 'none' },
    bgcolor: '#fde68a',
    color: '#1f2937',
    px: 2,
    py: 1,
    textAlign: 'center',
    fontWeight: 600,
    '& a': { color: 'inherit' },
  }),
);
const Main = styled('main')(madeOnce({ flexGrow: 1, outline: 'none' }));

/** Header, main landmark and footer on every page; on home the breaking ticker sits above the header. */
export function SiteLayout() {
  const { pathname } = useLocation();
  return (
    <Page>
      <SkipLink href="#main" data-print="hide">Skip to content</SkipLink>
      {pathname === '/' && <BreakingTicker />}
      <SiteHeader />
      <Island name="offline-banner" when="load">
        <OfflineBanner role="status" data-offline-banner hidden>
          You're offline: this is a saved copy. <a href="/offline">Saved articles</a>
        </OfflineBanner>
      </Island>
      <Main id="main" tabIndex={-1}>
        <Outlet />
      </Main>
      <SiteFooter />
    </Page>
  );
}
