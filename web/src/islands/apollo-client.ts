import { ApolloClient, HttpLink, InMemoryCache, type ApolloLink } from '@apollo/client';

export interface CreateApolloClientOptions {
  /** Server rendering passes a link that executes against the schema in-process. */
  link?: ApolloLink;
  ssrMode?: boolean;
}

/**
 * One client per render on the server, one per island that talks to the API in the browser. Reads
 * as the product wants them (docs/product.md): no retries (no RetryLink), no polling, no refetch on focus, results never
 * stale (cache-first). Requests carry credentials.
 */
export function createApolloClient({ link, ssrMode = false }: CreateApolloClientOptions = {}) {
  return new ApolloClient({
    // A server render reads each query once or twice from a cache that lives for one page: keeping
    // result objects for reuse (and tracking what they depend on) costs more than it saves there.
    cache: new InMemoryCache({ resultCaching: !ssrMode }),
    ssrMode,
    link: link ?? new HttpLink({ uri: '/graphql', credentials: 'include' }),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-first' },
      query: { fetchPolicy: 'cache-first' },
    },
  });
}
