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
  children: ReactNode;
}

/** Everything a page needs around it while the server renders it. */
export function AppProviders({ client, emotionCache, config, collector = null, children }: AppProvidersProps) {
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <GlobalStyles styles={systemDarkStyles} />
        <SiteConfigProvider value={config}>
          <RenderCollectorProvider value={collector}>
            <ApolloProvider client={client}>{children}</ApolloProvider>
          </RenderCollectorProvider>
        </SiteConfigProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
