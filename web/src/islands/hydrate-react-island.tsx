import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { SiteConfigProvider, type SiteConfig } from '../config/site-config';
import { createEmotionCache } from '../theme/emotion-cache';
import { theme } from '../theme/theme';

/**
 * Hydrates one React island in place: the element's server HTML was rendered from the same
 * `node` inside the page, so React adopts it. The island gets the providers its MUI parts need
 * (its own Emotion cache, which picks up the server's style elements, the theme, the site config).
 */
export function hydrateReactIsland(element: HTMLElement, node: ReactNode): void {
  const config = window.__SITE_CONFIG__ as SiteConfig;
  hydrateRoot(
    element,
    <CacheProvider value={createEmotionCache()}>
      {/* The page owns the colour scheme (data-theme, the toggle) and its CSS variables: the island only reads them. */}
      <ThemeProvider theme={theme} colorSchemeNode={null} storageManager={null} disableStyleSheetGeneration>
        <SiteConfigProvider value={config}>{node}</SiteConfigProvider>
      </ThemeProvider>
    </CacheProvider>,
  );
}
