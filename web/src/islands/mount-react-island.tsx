import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { SiteConfigProvider, type SiteConfig } from '../config/site-config';
import { createEmotionCache } from '../theme/emotion-cache';
import { theme } from '../theme/theme';

/**
 * Replaces an island's server HTML with a client-rendered tree, for islands whose first client
 * state differs from what the server could know (a token held in this browser session): hydrating
 * would mismatch. The same providers as a hydrated island.
 */
export function mountReactIsland(element: HTMLElement, node: ReactNode): void {
  const config = window.__SITE_CONFIG__ as SiteConfig;
  createRoot(element).render(
    <CacheProvider value={createEmotionCache()}>
      <ThemeProvider theme={theme} colorSchemeNode={null} storageManager={null} disableStyleSheetGeneration>
        <SiteConfigProvider value={config}>{node}</SiteConfigProvider>
      </ThemeProvider>
    </CacheProvider>,
  );
}
