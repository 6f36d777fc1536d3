import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { ApolloLink, type ApolloClient } from '@apollo/client';
import type { ReactElement } from 'react';
import { prerenderStatic } from '@apollo/client/react/ssr';
import createEmotionServer from '@emotion/server/create-instance';
import { App, routeQueries } from './app/app';
import { AppProviders, ThemeGlobalCss } from './app/app-providers';
import { ServerErrorApp } from './app/server-error-app';
import type { SiteConfig } from './config/site-config';
import { InquiryOutcomeProvider } from './features/contact/inquiry-outcome';
import type { InquiryFormOutcome } from './features/contact/inquiry-form-data';
import { createApolloClient } from './islands/apollo-client';
import { IslandRegistryProvider, type IslandRegistry } from './islands/island';
import type { PageQuery } from './lib/page-query';
import { headTags } from './page-head/head-tags';
import type { RenderCollector } from './page-head/render-collector';
import { createEmotionCache } from './theme/emotion-cache';

/** The gateway imports the web app through this file only: what it needs besides render is re-exported here. */
export { absoluteUrl, safeJson } from './page-head/head-tags';
export { formatAud, GST_NOTE, saleTermsLabel, siteHost } from './config/site-settings';
export { AU_ELIGIBILITY, DOMAIN_INCLUDED, isAuDomain, SALE_PROCESS } from './features/contact/domain-content';
export { CONTACT_FORM_PATH, fieldMessages, formValues, type InquiryFormOutcome, inquiryFromForm, OFFER_FORM_PATH, SEND_FAILED_TEXT } from './features/contact/inquiry-form-data';
export { markdownPathFor, pagePathForMarkdown } from './page-head/markdown-alternate';
export { splitSentences } from './lib/sentences';
export { authorAccountName, categoryAccountName, fediverseAccount, SITE_ACTOR } from './lib/fediverse-account';
export { STANDARDS_LINKS } from './config/standards-links';
export { COVERAGE_AREAS, WHY_CHOOSE } from './features/about/about-content';
export { COLOR_SCHEME_ATTRIBUTE, type ColorScheme, colorSchemeFromCookie, onlyColorSchemeCookie } from './theme/color-scheme';

export interface RenderOptions {
  url: string;
  /** Executes GraphQL in-process against the same services as /graphql. */
  link: ApolloLink;
  config: SiteConfig;
  /**
   * Render the site's error page for this status instead of the route (503: the news is briefly
   * unavailable; 500): the gateway asks for it when the route's data failed on its side.
   */
  failure?: number;
  /** The page answers a contact or offer form sent without JavaScript: its reference, or its values and messages. */
  inquiry?: InquiryFormOutcome;
}

export interface RenderResult {
  status: number;
  /** Head tags of the page (title, meta, canonical, JSON-LD). */
  head: string;
  /** Critical CSS, one entry per <style> element's text (the gateway allows each by its hash). */
  styles: { key: string; ids: string; css: string }[];
  /** The page's HTML, for the root element: static markup plus islands. */
  html: string;
  /** The islands whose code loads with the page (load, idle): the document preloads them. */
  islands: string[];
  /** Render passes it took: 1 when the route's queries held everything the page read. */
  passes: number;
}

/**
 * Renders one URL to HTML once every query on the page has settled. Nothing is hydrated as a
 * whole: the browser gets HTML and CSS, and only islands (web/src/islands) run code.
 */
export async function render({ url, link, config, failure, inquiry }: RenderOptions): Promise<RenderResult> {
  const client = createApolloClient({ link, ssrMode: true });
  const emotionCache = createEmotionCache();
  // Created before rendering: it switches the cache to collecting styles for extraction, so none are
  // lost when prerenderStatic needs a second render pass.
  const emotionServer = createEmotionServer(emotionCache);
  const collector: RenderCollector = { status: 200, head: null };
  const islands: IslandRegistry = new Map();
  const tree = (
    <StrictMode>
      <IslandRegistryProvider value={islands}>
        <AppProviders client={client} emotionCache={emotionCache} config={config} collector={collector} globalCss={false}>
          <InquiryOutcomeProvider value={inquiry ?? null}>
            <StaticRouter location={url}>{failure ? <ServerErrorApp status={failure} /> : <App />}</StaticRouter>
          </InquiryOutcomeProvider>
        </AppProviders>
      </IslandRegistryProvider>
    </StrictMode>
  );
  const once = failure ? null : await renderOnce(tree, client, link, url);
  const result = once?.whole ? once : await renderUntilSettled(tree, client, once ? once.passes : 0);
  const chunks = emotionServer.extractCriticalToChunks(result.html);
  return {
    status: collector.status,
    head: collector.head ? headTags(collector.head, config) : '',
    styles: [...(await themeGlobalStyles()), ...styleChunks(chunks.styles)],
    html: chunks.html,
    // Islands that wait for the reader (interaction, visible) must not cost the page their bytes.
    islands: [...islands].filter(([, when]) => when === 'load' || when === 'idle').map(([name]) => name),
    passes: result.passes,
  };
}

type StyleChunk = RenderResult['styles'][number];

function styleChunks(styles: { key: string; ids: string[]; css: string }[]): StyleChunk[] {
  return styles.filter((s) => s.css).map((s) => ({ key: s.key, ids: s.ids.join(' '), css: s.css }));
}

let themeCss: Promise<readonly StyleChunk[]> | null = null;

/**
 * The theme's global CSS (its variables for both schemes, the baseline, the system-dark rules) is
 * the same on every page: rendered once per process, then the same objects head every page
 * (decision 038). Pages render under a ThemeProvider that generates none of it.
 */
function themeGlobalStyles(): Promise<readonly StyleChunk[]> {
  themeCss ??= (async () => {
    const emotionCache = createEmotionCache();
    const emotionServer = createEmotionServer(emotionCache);
    const html = await toHtml(<ThemeGlobalCss emotionCache={emotionCache} />);
    // Frozen, so the gateway may keep each one's CSP hash.
    return Object.freeze(styleChunks(emotionServer.extractCriticalToChunks(html).styles).map((chunk) => Object.freeze(chunk)));
  })().catch((error: unknown) => {
    themeCss = null;
    throw error;
  });
  return themeCss;
}

interface Rendered {
  html: string;
  /** Render passes so far. */
  passes: number;
  /** Every query the render read was answered in full. */
  whole: boolean;
}

async function toHtml(tree: ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree);
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  return html;
}

/**
 * Decision 027: the route's queries run first, together, then the page renders once from the
 * cache. Null when a query failed (the page shows the failure as its own render would); not whole
 * when the render read a query the route does not declare.
 */
async function renderOnce(tree: ReactElement, client: ApolloClient, link: ApolloLink, url: string): Promise<Rendered | null> {
  const reads = await Promise.all(routeQueries(url).map((q) => readIntoCache(client, link, q)));
  if (reads.includes(false)) return null;
  // Every query the render opens, to check afterwards that the cache answered each one in full.
  const opened: { options: { fetchPolicy?: string }; getCurrentResult(): { dataState: string } }[] = [];
  const watchQuery = client.watchQuery.bind(client);
  client.watchQuery = ((options) => {
    const query = watchQuery(options);
    opened.push(query);
    return query;
  }) as typeof client.watchQuery;
  try {
    const html = await toHtml(tree);
    const whole = opened.every((q) => q.options.fetchPolicy === 'standby' || q.getCurrentResult().dataState === 'complete');
    return { html, passes: 1, whole };
  } finally {
    client.watchQuery = watchQuery;
  }
}

/**
 * Runs a route query through the link and writes its answer into the page's cache, as
 * `client.query` would with errorPolicy 'none', without its bookkeeping: no query is watching yet,
 * and the render reads the cache itself (3-5 % of an uncached page's server CPU, decision 027).
 */
function readIntoCache(client: ApolloClient, link: ApolloLink, { query, variables }: PageQuery): Promise<boolean> {
  // The cache's own form of the document (with __typename), as client.query sends it.
  const document = client.cache.transformDocument(query);
  return new Promise((resolve) => {
    ApolloLink.execute(link, { query: document, variables }, { client }).subscribe({
      next: (result) => {
        if (result.errors?.length || !result.data) return resolve(false);
        client.cache.writeQuery({ query: document, variables, data: result.data });
        resolve(true);
      },
      error: () => resolve(false),
      complete: () => resolve(false),
    });
  });
}

/** Apollo's way: render, wait for the queries the render opened, render again until none is new. */
async function renderUntilSettled(tree: ReactElement, client: ApolloClient, passesBefore: number): Promise<Rendered> {
  const { result, diagnostics } = await prerenderStatic({ tree, context: { client }, renderFunction: prerenderToNodeStream, maxRerenders: 10, diagnostics: true });
  return { html: result, passes: passesBefore + (diagnostics?.renderCount ?? 0), whole: true };
}
