import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { getGraphQLSchema, type RequestContext } from '../../../schema/src/index.js';
import { createFormatError } from './format-error.js';

/**
 * Introspection and the Apollo Sandbox landing page are on in every environment: partners and
 * developers explore the schema at GET /graphql.
 */
export const GRAPHQL_LIMITS = { maxDepth: 8, maxAliases: 15, maxDirectives: 10, maxTokens: 2000, maxCost: 20000 } as const;

export async function createApolloServer(options: { exposeInternals: boolean }) {
  // Refuses abusive documents before execution; suggestions would leak the schema's shape in production.
  const armor = new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth },
    // __typename aliases count too: armor exempts them by default, and each still costs a field to resolve.
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases, allowList: [] },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
    // Token limits are enforced by the parser (parseOptions): armor's plugin turns them into 500s.
    maxTokens: { enabled: false },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
    blockFieldSuggestion: { enabled: !options.exposeInternals },
  });
  const protection = armor.protect();
  const server = new ApolloServer<RequestContext>({
    ...protection,
    schema: await getGraphQLSchema(),
    introspection: true,
    csrfPrevention: true,
    includeStacktraceInErrorResponses: options.exposeInternals,
    parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens },
    formatError: createFormatError(options),
    plugins: [...protection.plugins, ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false })],
    validationRules: [...protection.validationRules],
  });
  await server.start();
  return server;
}
