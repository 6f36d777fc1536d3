import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastProvider } from '../components/toast';
import { SiteConfigProvider, type SiteConfig } from '../config/site-config';
import { createEmotionCache } from '../theme/emotion-cache';
import { hydrateIslands } from './hydrate-islands';
import { createServerDataCache } from './server-data';
import { theme } from '../theme/theme';

export const testSiteConfig: SiteConfig = {
  siteUrl: 'https://technews.example.au',
  siteName: 'AusTech News',
  contactEmail: 'editor@example.com.au',
  contactPhone: '+61 2 9000 0000',
  saleDomain: 'technews.example.au',
  salePriceAud: null,
  saleMinOfferAud: null,
};

/**
 * One Emotion cache for every render of a test file: each style is added to document.head once, as
 * in the browser. A cache per render added the page's styles again for every test (3,000 <style>
 * elements after a dozen tests), and jsdom's computed styles, which role queries and MUI read, grew
 * slower with each.
 */
const emotionCache = createEmotionCache();

/**
 * Renders a screen with mocked GraphQL responses, the theme, toasts and a router at `path`, then
 * hydrates its plain-DOM islands as the browser would.
 */
export function renderPage(
  element: ReactElement,
  { mocks = [], path = '/', route = '*' }: { mocks?: MockedResponse[]; path?: string; route?: string } = {},
) {
  window.__SITE_CONFIG__ = testSiteConfig;
  const view = render(
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <SiteConfigProvider value={testSiteConfig}>
          <MockedProvider mocks={mocks} cache={createServerDataCache()}>
            <ToastProvider>
              <MemoryRouter initialEntries={[path]}>
                <Routes>
                  <Route path={route} element={element} />
                </Routes>
              </MemoryRouter>
            </ToastProvider>
          </MockedProvider>
        </SiteConfigProvider>
      </ThemeProvider>
    </CacheProvider>,
  );
  // Islands come to life as they appear (pages render theirs once data arrives), as in the browser.
  hydrateIslands(view.container);
  new MutationObserver(() => hydrateIslands(view.container)).observe(view.container, { childList: true, subtree: true });
  return view;
}
