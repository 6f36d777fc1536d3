import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import type { GraphQLContext } from '../../../schema/src/lib/context.js';
import { getGraphQLSchema } from '../../../schema/src/lib/graphql-schema.js';
import { createFormatError } from './format-error.js';

/**
 * Introspection and the Apollo Sandbox landing page are on in every environment: partners and
 * developers explore the schema at GET /graphql.
 */
export async function createApolloServer(options: { exposeInternals: boolean }) {
  const server = new ApolloServer<GraphQLContext>({
    schema: await getGraphQLSchema(),
    introspection: true,
    csrfPrevention: true,
    includeStacktraceInErrorResponses: options.exposeInternals,
    formatError: createFormatError(options),
    plugins: [ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false })],
  });
  await server.start();
  return server;
}
