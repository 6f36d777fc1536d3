import { describe, expect, it } from 'vitest';
import { createApolloClient } from './apollo-client';

/** InMemoryCache keeps its options, normalised, where TypeScript does not look. */
const resultCaching = (client: ReturnType<typeof createApolloClient>) => (client.cache as unknown as { config: { resultCaching: boolean } }).config.resultCaching;

describe('createApolloClient', () => {
  it('keeps no result objects for reuse in a server render, whose cache lives for one page', () => {
    expect(resultCaching(createApolloClient({ ssrMode: true }))).toBe(false);
  });

  it('keeps them in the browser, where islands read the same queries again', () => {
    expect(resultCaching(createApolloClient())).toBe(true);
  });
});
