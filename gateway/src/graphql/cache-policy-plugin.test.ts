/**
 * The cache policy worked out once per operation must give the Cache-Control Apollo's per-field
 * plugin gives, on a schema that uses every kind of hint; where it cannot know what resolves (a null
 * parent, @skip), it may only be narrower.
 */
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachePolicyPlugin } from './cache-policy-plugin.js';
import { graphqlQueryProfile, PRIVATE_ANSWER } from '../cache/cache-profiles.js';

const typeDefs = `
  enum CacheControlScope { PUBLIC PRIVATE }
  directive @cacheControl(maxAge: Int, scope: CacheControlScope, inheritMaxAge: Boolean) on FIELD_DEFINITION | OBJECT | INTERFACE | UNION

  type Article @cacheControl(maxAge: 30) {
    id: ID!
    title: String!
    category: Category!
    draft: Draft
    views: Int @cacheControl(maxAge: 5)
    author: Person @cacheControl(inheritMaxAge: true)
    secretNote: String @cacheControl(scope: PRIVATE)
  }
  type Category @cacheControl(maxAge: 60) { slug: String! }
  type Person { name: String! }
  type Draft { body: String! }
  type Profile @cacheControl(maxAge: 20, scope: PRIVATE) { email: String! }
  type Query {
    articles: [Article!]!
    latest: Article
    missing: Article
    version: String!
    pinnedVersion: String! @cacheControl(maxAge: 100)
    me: Profile
  }
  type Mutation { touch: Boolean! }
`;

const article = { id: '1', title: 'A', category: { slug: 'ai' }, draft: { body: 'b' }, views: 3, author: { name: 'N' }, secretNote: 's' };
/** Every `info.cacheControl` a resolver saw: Apollo's plugin sets one for each field it instruments. */
const seen: unknown[] = [];
const resolvers = {
  Query: {
    articles: () => [article],
    latest: () => article,
    missing: () => null,
    version: () => '1',
    pinnedVersion: () => '1',
    me: () => ({ email: 'e' }),
  },
  Article: {
    title: (parent: typeof article, _args: unknown, _context: unknown, info: { cacheControl?: unknown }) => {
      seen.push(info.cacheControl);
      return parent.title;
    },
  },
  Mutation: { touch: () => true },
};

async function serverWith(plugins: ApolloServerPlugin[]) {
  const server = new ApolloServer({ typeDefs, resolvers, plugins });
  await server.start();
  return server;
}

let apollos: ApolloServer;
let ours: ApolloServer;
beforeAll(async () => {
  apollos = await serverWith([ApolloServerPluginCacheControl({ defaultMaxAge: 0, calculateHttpHeaders: true })]);
  ours = await serverWith([cachePolicyPlugin({ defaultMaxAge: 0 }), ApolloServerPluginCacheControlDisabled()]);
});
afterAll(async () => {
  await apollos.stop();
  await ours.stop();
});

async function header(server: ApolloServer, query: string): Promise<string | undefined> {
  const response = await server.executeOperation({ query });
  return response.http.headers.get('cache-control');
}

const SAME_AS_APOLLO: [string, string][] = [
  ['a hinted type, its scalars inherit', '{ articles { id title } }'],
  ['the shortest hint wins: a nested type', '{ articles { title category { slug } } }'],
  ['a field hint shorter than its type', '{ articles { views } }'],
  ['an unhinted composite type makes it uncacheable', '{ articles { draft { body } } }'],
  ['inheritMaxAge takes the parent`s life', '{ articles { author { name } } }'],
  ['a private field hint', '{ articles { title secretNote } }'],
  ['a private type', '{ me { email } }'],
  ['an unhinted root scalar', '{ version }'],
  ['a hinted root scalar', '{ pinnedVersion }'],
  ['a root scalar next to a hinted list', '{ pinnedVersion articles { id } }'],
  ['__typename alone', '{ __typename }'],
  ['introspection', '{ __schema { queryType { name } } }'],
  ['an inline fragment', '{ articles { ... on Article { category { slug } } } }'],
  ['a named fragment', 'query { latest { ...Card } } fragment Card on Article { views category { slug } }'],
  ['a root fragment', 'query { ...Root } fragment Root on Query { version }'],
  ['a mutation', 'mutation { touch }'],
  ['an error', '{ nothing }'],
];

/**
 * Apollo's header as the site's profiles write the same policy: a public life becomes the GraphQL
 * query profile (browsers revalidate, shared caches keep it until a purge), a private one the
 * private profile, none `no-store`.
 */
function asProfile(apolloHeader: string | undefined): string | undefined {
  if (apolloHeader === undefined || apolloHeader === 'no-store') return apolloHeader;
  const maxAge = /max-age=(\d+)/.exec(apolloHeader);
  if (!maxAge) return apolloHeader;
  return /\bprivate\b/.test(apolloHeader) ? PRIVATE_ANSWER : graphqlQueryProfile(Number(maxAge[1]));
}

describe('cachePolicyPlugin', () => {
  it.each(SAME_AS_APOLLO)('gives what Apollo gives: %s', async (_name, query) => {
    const expected = await header(apollos, query);
    expect(expected).toBeDefined();
    expect(await header(ours, query)).toBe(asProfile(expected));
  });

  it('is narrower than Apollo only where a field it names does not resolve', async () => {
    const nullParent = '{ missing { draft { body } } }';
    expect(await header(apollos, nullParent)).toBe('max-age=30, public');
    expect(await header(ours, nullParent)).toBe('no-store');
    const skipped = '{ articles { title draft @skip(if: true) { body } } }';
    expect(await header(apollos, skipped)).toBe('max-age=30, public');
    expect(await header(ours, skipped)).toBe('no-store');
  });

  it('leaves resolvers alone: no per-field hint object, and the same policy for a repeated document', async () => {
    seen.length = 0;
    const query = '{ articles { title } }';
    expect(await header(ours, query)).toBe(graphqlQueryProfile(30));
    expect(await header(ours, query)).toBe(graphqlQueryProfile(30));
    expect(seen).toEqual([undefined, undefined]);
    // Apollo's plugin hands each field a hint object, and wraps every resolver to do it.
    await header(apollos, query);
    expect(seen[2]).toMatchObject({ cacheHint: expect.any(Object) });
  });
});
