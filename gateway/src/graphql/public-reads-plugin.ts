import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { RequestContext } from '../../../schema/src/index.js';

export interface PublicReadsOptions {
  /**
   * Whether a request's Origin header is foreign to the site (a browser page on another origin),
   * given the Host it was sent to. Requests without an Origin (servers, curl) are not.
   */
  isForeignOrigin(origin: string | undefined, host: string | undefined): boolean;
  /** Called for a mutation: its answer must not carry the CORS headers of a public read. */
  sameOriginOnly(context: RequestContext): void;
}

/**
 * Queries are public reads: any origin may run them, and their answers carry the Cache-Control that
 * the cache policy plugin computes from the schema's @cacheControl hints (shared caches and
 * CDNs keep them). Mutations are not: a browser page on another origin cannot run one (403 before
 * anything executes), their answers carry no CORS headers, and nothing keeps them. An answer to a
 * request with credentials (Authorization) is never shared: its scope is private.
 */
export function publicReadsPlugin(options: PublicReadsOptions): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      return {
        async executionDidStart({ request, overallCachePolicy }) {
          if (request.http?.headers.get('authorization')) overallCachePolicy.restrict({ scope: 'PRIVATE' });
        },
        async didResolveOperation({ operation, request, contextValue, overallCachePolicy }) {
          const headers = request.http?.headers;
          if (!operation || operation.operation === 'query') return;
          overallCachePolicy.restrict({ maxAge: 0 });
          options.sameOriginOnly(contextValue);
          if (options.isForeignOrigin(headers?.get('origin'), headers?.get('host'))) {
            throw new GraphQLError('Cross-origin writes are refused: mutations are only accepted from the site itself or from clients that are not browsers', {
              extensions: { code: 'FORBIDDEN', http: { status: 403 } },
            });
          }
        },
      };
    },
  };
}
