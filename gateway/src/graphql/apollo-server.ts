import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { getGraphQLSchema, type RequestContext } from '../../../schema/src/index.js';
import { cachePolicyPlugin } from './cache-policy-plugin.js';
import { createFormatError, type FormatErrorOptions } from './format-error.js';
import { createDocumentStore, type BoundedDocumentStore } from './document-store.js';
import type { PersistedQueries } from './persisted-queries.js';
import { publicReadsPlugin, type PublicReadsOptions } from './public-reads-plugin.js';
import { queryPaddingPlugin } from './query-padding-plugin.js';

/**
 * Introspection and the Apollo Sandbox landing page are on in every environment: partners and
 * developers explore the schema at GET /graphql (Apollo Sandbox, from Apollo's CDN) or at /graphiql
 * (GraphiQL, bundled and served by the site: works offline).
 */
export const GRAPHQL_LIMITS = { maxDepth: 8, maxAliases: 15, maxDirectives: 10, maxTokens: 2000, maxCost: 20000 } as const;

/** Where the schema explorer that needs no CDN lives (GraphiQL, served by the site). */
export const GRAPHIQL_PATH = '/graphiql';

/**
 * Apollo Sandbox loads from Apollo's CDN; offline or behind a strict firewall its page says it
 * cannot be loaded. That message (and the page's first lines) point to GraphiQL at /graphiql.
 */
export function withExplorerLink(landingPage: ApolloServerPlugin<RequestContext>): ApolloServerPlugin<RequestContext> {
  const link = `<p>Explore the schema without Apollo's CDN in <a href="${GRAPHIQL_PATH}">GraphiQL at ${GRAPHIQL_PATH}</a>, served by this site.</p>`;
  return {
    ...landingPage,
    async serverWillStart(service) {
      const listener = await landingPage.serverWillStart?.(service);
      if (!listener?.renderLandingPage) return listener;
      const render = listener.renderLandingPage.bind(listener);
      return {
        ...listener,
        async renderLandingPage() {
          const page = await render();
          const html = async () => {
            const original = typeof page.html === 'string' ? page.html : await page.html();
            return original.replace(/(<div class="fallback">[\s\S]*?<\/p>)/, `$1\n  ${link}`);
          };
          return { html };
        },
      };
    },
  };
}

export interface ApolloServerOptions extends FormatErrorOptions, PublicReadsOptions {
  /** Automatic persisted queries, bounded (persisted-queries.ts); unset: none. */
  persistedQueries?: PersistedQueries;
  /** Where parsed documents are kept; unset: a store of DOCUMENT_STORE_MAX_BYTES. */
  documentStore?: BoundedDocumentStore;
}

export async function createApolloServer(options: ApolloServerOptions) {
  // Refuses abusive documents before execution; suggestions would leak the schema's shape in production.
  const armor = new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth },
    // __typename aliases count too: armor exempts them by default, and each still costs a field to resolve.
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases, allowList: [] },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
    // Token limits are enforced by the parser (parseOptions): armor's plugin turns them into 500s.
    maxTokens: { enabled: false },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
    // Suggestions are hidden by Apollo itself (hideSchemaDetailsFromClientErrors) and by formatError, so
    // a typo reads `Cannot query field "titel" on type "Article".`, not "… [Suggestion hidden]?".
    blockFieldSuggestion: { enabled: false },
  });
  const protection = armor.protect();
  const server = new ApolloServer<RequestContext>({
    ...protection,
    schema: await getGraphQLSchema(),
    introspection: true,
    csrfPrevention: true,
    hideSchemaDetailsFromClientErrors: !options.exposeInternals,
    // Automatic persisted queries (in memory, or in Redis when set): a partner sends the query's sha256,
    // over GET too, so a CDN can cache the answer by URL for as long as its Cache-Control allows.
    persistedQueries: options.persistedQueries ? options.persistedQueries.options : false,
    // Parsed documents kept by what they hold in memory, their source and tokens included.
    documentStore: options.documentStore ?? createDocumentStore(),
    includeStacktraceInErrorResponses: options.exposeInternals,
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
    formatError: createFormatError(options),
    plugins: [
      // Before a query runs or is kept: one padded with comments, or too long to persist, is refused.
      queryPaddingPlugin(),
      ...(options.persistedQueries ? [options.persistedQueries.plugin] : []),
      ...protection.plugins,
      // Cache-Control from the schema's @cacheControl hints: public types say how long a shared cache
      // may keep them; anything unhinted (private fields, mutations) makes the answer never stored (cache/cache-profiles.ts).
      // Worked out once per operation, not per resolved field (decision 041).
      cachePolicyPlugin({ defaultMaxAge: 0 }),
      // Apollo would add its own, per-field one otherwise.
      ApolloServerPluginCacheControlDisabled(),
      publicReadsPlugin(options),
      withExplorerLink(ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false })),
    ],
    validationRules: [...protection.validationRules],
  });
  await server.start();
  return server;
}
