import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createApolloClient } from './app/apollo-client';
import { App } from './app/app';
import { AppProviders } from './app/app-providers';
import type { SiteConfig } from './config/site-config';
import { registerServiceWorker } from './lib/service-worker';
import { reportWebVitals } from './lib/web-vitals';
import { createEmotionCache } from './theme/emotion-cache';

declare global {
  interface Window {
    __APOLLO_STATE__?: Record<string, unknown>;
    __SITE_CONFIG__: SiteConfig;
  }
}

const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
const client = createApolloClient({ initialState: window.__APOLLO_STATE__ as never });

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <AppProviders client={client} emotionCache={createEmotionCache(nonce)} config={window.__SITE_CONFIG__}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);

registerServiceWorker();
reportWebVitals();
