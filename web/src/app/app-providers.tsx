import type { ReactNode } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { SiteConfigProvider, type SiteConfig } from '../config/site-config';
import { RenderCollectorProvider, type RenderCollector } from '../page-head/render-collector';
import { systemDarkStyles, theme } from '../theme/theme';

export interface AppProvidersProps {
  client: ApolloClient;
  emotionCache: EmotionCache;
  config: SiteConfig;
  collector?: RenderCollector | null;
  /**
   * False: the theme's global CSS (its variables, the baseline, the system-dark rules) is not
   * rendered here; the server adds it from `ThemeGlobalCss`, rendered once per process.
   */
  globalCss?: boolean;
  children: ReactNode;
}

/** The theme and its global CSS, the same on every page. */
export function ThemeGlobalCss({ emotionCache, children = null }: { emotionCache: EmotionCache; children?: ReactNode }) {
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <GlobalStyles styles={systemDarkStyles} />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

/** Everything a page needs around it while the server renders it. */
export function AppProviders({ client, emotionCache, config, collector = null, globalCss = true, children }: AppProvidersProps) {
  const page = (
    <SiteConfigProvider value={config}>
      <RenderCollectorProvider value={collector}>
        <ApolloProvider client={client}>{children}</ApolloProvider>
      </RenderCollectorProvider>
    </SiteConfigProvider>
  );
  if (globalCss) return <ThemeGlobalCss emotionCache={emotionCache}>{page}</ThemeGlobalCss>;
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme} disableStyleSheetGeneration>
        {page}
      </ThemeProvider>
    </CacheProvider>
  );
}
