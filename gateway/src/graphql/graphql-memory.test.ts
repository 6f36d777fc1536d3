/**
 * What one anonymous client can make the GraphQL endpoint keep: parsed documents (bounded by what
 * they hold, source and tokens included), persisted queries (a length cap, a TTL, a per-client
 * registration limit), and padded queries refused before they run or are kept.
 */
import { createHash } from 'node:crypto';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import { parse } from 'graphql';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../../schema/src/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createApolloServer } from './apollo-server.js';
import { createDocumentStore, documentBytes } from './document-store.js';
import { PERSISTED_QUERY_MAX_LENGTH, PERSISTED_QUERY_TTL_SECONDS, REGISTRATIONS_PER_CLIENT } from './persisted-queries.js';
import { MAX_IGNORED_QUERY_CHARACTERS } from './query-padding-plugin.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '100000', RESPONSE_CACHE_TTL_SECONDS: '60' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A comment line per two characters: the densest padding, a token object for each line. */
const densePadding = (characters: number) => '#\n'.repeat(Math.floor(characters / 2));

describe('parsed documents', () => {
  it("are counted with their source and tokens, which Apollo's default store leaves out", () => {
    const document = parse(`${densePadding(7_000)}{ __typename }`);
    expect(InMemoryLRUCache.sizeCalculation(document)).toBeLessThan(1_000);
    expect(documentBytes(document, 'key')).toBeGreaterThan(300_000);
  });

  it('stay under the store bound however many unique padded documents arrive', async () => {
    const maxBytes = 2 * 1024 * 1024;
    const store = createDocumentStore(maxBytes);
    const server = await createApolloServer({ exposeInternals: false, isForeignOrigin: () => false, sameOriginOnly: () => undefined, documentStore: store });
    try {
      let counted = 0;
      for (let i = 0; i < 200; i++) {
        // Just under the padding refusal: each unique, each kept until the bound pushes it out.
        const query = `${densePadding(MAX_IGNORED_QUERY_CHARACTERS - 100)}{ a${i}: __typename }`;
        const result = await server.executeOperation({ query }, { contextValue: {} as RequestContext });
        expect(result.body.kind === 'single' && result.body.singleResult.errors).toBeFalsy();
        counted = Math.max(counted, store.memory().documents);
      }
      const { documents, bytes } = store.memory();
      expect(bytes).toBeLessThanOrEqual(maxBytes);
      expect(documents).toBeGreaterThan(0);
      // Each counted at what it holds: at least its padding's tokens, so few fit.
      expect(bytes / documents).toBeGreaterThan(96 * (MAX_IGNORED_QUERY_CHARACTERS / 2) * 0.9);
      expect(counted).toBeLessThan(10);

      // Padded past the refusal: answered 400, and none of them is kept.
      const before = store.memory();
      for (let i = 0; i < 20; i++) {
        const query = `# ${'x'.repeat(90_000)}\n{ b${i}: __typename }`;
        const result = await server.executeOperation({ query }, { contextValue: {} as RequestContext });
        expect(result.http.status).toBe(400);
      }
      expect(store.memory()).toEqual(before);
    } finally {
      await server.stop();
    }
  });
});

describe('padded queries', () => {
  it('are refused before they run or are kept, with a 400 that names the problem', async () => {
    const query = `# ${'x'.repeat(90_000)}\n{ __typename }`;
    const res = await request(t.app).post('/graphql').send({ query }).expect(400);
    expect(res.body.errors[0].message).toMatch(/comments and white space; at most 8192/);
    expect(res.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    // So are padded registrations of persisted queries, and padding by white space.
    const spaced = `${' '.repeat(MAX_IGNORED_QUERY_CHARACTERS + 1)}{ __typename }`;
    await request(t.app)
      .post('/graphql')
      .send({ query: spaced, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(spaced) } } })
      .expect(400);
  });

  it('still answers a query with a little padding', async () => {
    const query = `${' '.repeat(MAX_IGNORED_QUERY_CHARACTERS - 20)}# a comment\n{ __typename }`;
    const res = await request(t.app).post('/graphql').send({ query }).expect(200);
    expect(res.body.data).toEqual({ __typename: 'Query' });
  });
});

describe('persisted queries', () => {
  it('are kept an hour at most', () => {
    expect(PERSISTED_QUERY_TTL_SECONDS).toBeLessThanOrEqual(3_600);
  });

  it('refuse to persist a query longer than the cap, naming it', async () => {
    // A long operation name: few tokens, no padding, too long to keep.
    const query = `query ${'Q'.repeat(PERSISTED_QUERY_MAX_LENGTH)} { __typename }`;
    expect(query.length).toBeGreaterThan(PERSISTED_QUERY_MAX_LENGTH);
    const res = await request(t.app)
      .post('/graphql')
      .send({ query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } } })
      .expect(400);
    expect(res.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_TOO_LARGE');
    expect(res.body.errors[0].message).toMatch(/at most 8192 can be persisted/);
  });

  it('are registered at most REGISTRATIONS_PER_CLIENT times by one client, then refused with 429 and Retry-After', async () => {
    const register = (i: number) => {
      const query = `{ registered${i}: __typename }`;
      return request(t.app)
        .post('/graphql')
        .send({ query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } } });
    };
    const statuses: number[] = [];
    // Earlier tests here registered (or tried to) a few already.
    for (let i = 0; i < REGISTRATIONS_PER_CLIENT + 1; i++) statuses.push((await register(i)).status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(REGISTRATIONS_PER_CLIENT);
    const refused = await register(1_000).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_LIMITED');
    expect(refused.body.errors[0].message).toMatch(/Too many persisted queries registered from this address/);
    // A query registered before is still found by its hash, and a query sent plainly is still answered.
    const known = '{ registered0: __typename }';
    const byHash = await request(t.app)
      .get('/graphql')
      .query({ extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256(known) } }) })
      .set('apollo-require-preflight', 'true')
      .expect(200);
    expect(byHash.body.data).toEqual({ registered0: 'Query' });
    await request(t.app).post('/graphql').send({ query: '{ plain: __typename }' }).expect(200);
  });
});

describe('answers kept by the response cache', () => {
  it('are never served in one type to a client that asked for the other', async () => {
    const body = { query: '{ categories { slug } }' };
    const graphqlResponse = 'application/graphql-response+json';
    const first = await request(t.app).post('/graphql').set('Accept', graphqlResponse).send(body).expect(200);
    expect(first.headers['content-type']).toMatch(/^application\/graphql-response\+json/);
    await expect.poll(async () => (await request(t.app).post('/graphql').set('Accept', graphqlResponse).send(body)).headers['x-cache']).toBe('HIT');
    const json = await request(t.app).post('/graphql').set('Accept', 'application/json').send(body).expect(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.body).toEqual(first.body);
  });
});
