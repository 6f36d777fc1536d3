import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type NormalizedCacheObject } from '@apollo/client';

export interface CreateApolloClientOptions {
  /** Server rendering passes a link that executes against the schema in-process. */
  link?: ApolloLink;
  ssrMode?: boolean;
  initialState?: NormalizedCacheObject;
}

/**
 * One client per render on the server, one per page load in the browser. Reads follow spec
 * section 9: no retries (no RetryLink), no polling, no refetch on focus, results never stale
 * (cache-first). Requests carry credentials.
 */
export function createApolloClient({ link, ssrMode = false, initialState }: CreateApolloClientOptions = {}) {
  const cache = new InMemoryCache();
  if (initialState) cache.restore(initialState);
  return new ApolloClient({
    cache,
    ssrMode,
    // After hydration, network-only queries (the category listing) reuse the server's data once.
    ssrForceFetchDelay: ssrMode ? undefined : 100,
    link: link ?? new HttpLink({ uri: '/graphql', credentials: 'include' }),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-first' },
      query: { fetchPolicy: 'cache-first' },
    },
  });
}
