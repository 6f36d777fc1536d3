import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { ApolloLink } from '@apollo/client';
import { prerenderStatic } from '@apollo/client/react/ssr';
import createEmotionServer from '@emotion/server/create-instance';
import { createApolloClient } from './app/apollo-client';
import { App } from './app/app';
import { AppProviders } from './app/app-providers';
import type { SiteConfig } from './config/site-config';
import { headTags } from './page-head/head-tags';
import type { RenderCollector } from './page-head/render-collector';
import { createEmotionCache } from './theme/emotion-cache';

/** The gateway imports the web app through this file only: what it needs besides render is re-exported here. */
export { safeJson } from './page-head/head-tags';

export interface RenderOptions {
  url: string;
  /** Executes GraphQL in-process against the same services as /graphql. */
  link: ApolloLink;
  config: SiteConfig;
  nonce?: string;
}

export interface RenderResult {
  status: number;
  /** Head tags of the page (title, meta, canonical, JSON-LD). */
  head: string;
  /** Critical CSS as <style> tags. */
  styles: string;
  /** The app's HTML, for the root element. */
  html: string;
  /** The Apollo cache for the browser to hydrate from. */
  state: Record<string, unknown>;
}

/** Renders one URL to HTML once every query on the page has settled. */
export async function render({ url, link, config, nonce }: RenderOptions): Promise<RenderResult> {
  const client = createApolloClient({ link, ssrMode: true });
  const emotionCache = createEmotionCache(nonce);
  // Created before rendering: it switches the cache to collecting styles for extraction, so none are
  // lost across prerenderStatic's repeated render passes.
  const emotionServer = createEmotionServer(emotionCache);
  const collector: RenderCollector = { status: 200, head: null };
  const tree = (
    <StrictMode>
      <AppProviders client={client} emotionCache={emotionCache} config={config} collector={collector}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  );
  const { result } = await prerenderStatic({ tree, context: { client }, renderFunction: prerenderToNodeStream, maxRerenders: 10 });
  const chunks = emotionServer.extractCriticalToChunks(result);
  return {
    status: collector.status,
    head: collector.head ? headTags(collector.head, config) : '',
    styles: emotionServer.constructStyleTagsFromChunks(chunks),
    html: result,
    state: client.extract() as Record<string, unknown>,
  };
}
