import type { ReactNode } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { RenderCollectorProvider, type RenderCollector } from './render-context';
import { SiteConfigProvider, type SiteConfig } from './site-config';
import { theme } from './theme';
import { ToastProvider } from '../components/toast';

export interface AppProvidersProps {
  client: ApolloClient;
  emotionCache: EmotionCache;
  config: SiteConfig;
  collector?: RenderCollector | null;
  children: ReactNode;
}

/** Everything a page needs around it, identical on server and client so hydration matches. */
export function AppProviders({ client, emotionCache, config, collector = null, children }: AppProvidersProps) {
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SiteConfigProvider value={config}>
          <RenderCollectorProvider value={collector}>
            <ApolloProvider client={client}>
              <ToastProvider>{children}</ToastProvider>
            </ApolloProvider>
          </RenderCollectorProvider>
        </SiteConfigProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
