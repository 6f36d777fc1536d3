import { createHash } from 'node:crypto';
import request, { type Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMessage } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** Partners from anywhere: CORS for public reads only, and persisted queries a CDN can cache. */

const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
const SITE = 'https://news.example.au';
const PARTNER = 'https://partner.example';
const ARTICLES = '{ articles(first: 2) { nodes { id title category { name } } pageInfo { hasNextPage } } }';
const SUBMIT = 'mutation Send($input: ContactMessageInput!) { submitContactMessage(input: $input) { reference } }';
const INPUT = { name: 'Alex Nguyen', email: 'alex@example.com.au', subject: 'Domain', message: 'What is the asking price?', inquiryType: 'DOMAIN' };
const REST_MESSAGE = { ...INPUT, inquiryType: 'domain' };

let t: TestApp;
const storedInquiries = () => t.db.orm.em.fork().count(ContactMessage, {});

/** No CORS header at all: the browser keeps the answer from the page that asked. */
function expectNoCors(res: Response) {
  for (const name of Object.keys(res.headers)) expect(name).not.toMatch(/^access-control-/);
}

function expectPublicRead(res: Response) {
  expect(res.headers['access-control-allow-origin']).toBe('*');
  expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  expect(res.headers['access-control-expose-headers']).toMatch(/ETag/);
  expect(res.headers['access-control-expose-headers']).toMatch(/Link/);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const apqUrl = (query: string | null, hash: string) =>
  `/graphql?${new URLSearchParams({ ...(query ? { query } : {}), extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }) })}`;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN, SITE_URL: SITE });
}, 120_000);
afterAll(() => t.close());

describe('CORS preflights', () => {
  it('opens POST /graphql to any origin: 204 with the methods, headers and max age, no credentials', async () => {
    const res = await request(t.app)
      .options('/graphql')
      .set('Origin', PARTNER)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('GET,HEAD,POST');
    expect(res.headers['access-control-allow-headers']).toMatch(/Content-Type/);
    expect(res.headers['access-control-allow-headers']).toMatch(/Apollo-Require-Preflight/);
    expect(res.headers['access-control-allow-headers']).not.toMatch(/authorization|cookie/i);
    expect(res.headers['access-control-max-age']).toBe('7200');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('opens GET of public REST reads to any origin', async () => {
    for (const path of ['/api/articles', '/api/articles/1', '/api/breaking-news', '/api/categories/edtech/articles', '/api/search?q=x']) {
      const res = await request(t.app).options(path).set('Origin', PARTNER).set('Access-Control-Request-Method', 'GET').set('Access-Control-Request-Headers', 'if-none-match');
      expect(res.status, path).toBe(204);
      expect(res.headers['access-control-allow-methods']).toBe('GET,HEAD');
      expect(res.headers['access-control-max-age']).toBe('7200');
    }
  });

  it.each([
    ['the admin inquiries', '/api/admin/inquiries', 'GET', ''],
    ['an admin path in other casing', '/api/Admin/Inquiries', 'GET', ''],
    ['the newsroom', '/api/admin/articles', 'POST', 'content-type'],
    ['inquiries', '/api/contact', 'POST', 'content-type'],
    ['a write to a public read path', '/api/articles', 'DELETE', ''],
    ['a token for a public read', '/api/articles', 'GET', 'authorization'],
    ['a token for GraphQL', '/graphql', 'POST', 'content-type, authorization'],
    ['a cookie header for GraphQL', '/graphql', 'POST', 'cookie'],
    ['a PUT to GraphQL', '/graphql', 'PUT', 'content-type'],
  ])('refuses the preflight for %s: 403 and no CORS headers', async (_what, path, method, headers) => {
    const req = request(t.app).options(path).set('Origin', PARTNER).set('Access-Control-Request-Method', method);
    const res = await (headers ? req.set('Access-Control-Request-Headers', headers) : req);
    expect(res.status).toBe(403);
    expectNoCors(res);
  });
});

describe('CORS on answers', () => {
  it('marks public REST reads readable from any origin, the same with or without an Origin (shared caches keep one copy)', async () => {
    const withOrigin = await request(t.app).get('/api/articles?limit=1').set('Origin', PARTNER).expect(200);
    expectPublicRead(withOrigin);
    expect(withOrigin.headers.vary ?? '').not.toMatch(/origin/i);
    const without = await request(t.app).get('/api/articles?limit=1').expect(200);
    expectPublicRead(without);
  });

  it('gives admin answers no CORS headers, whatever the Origin says', async () => {
    const res = await request(t.app).get('/api/admin/inquiries').set('Origin', PARTNER).set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
    expectNoCors(res);
  });

  it('refuses an inquiry from a page on another origin, stores nothing, and says so without CORS headers', async () => {
    const before = await storedInquiries();
    for (const origin of [PARTNER, 'null', `${SITE}.evil.example`, 'https://evil.example:443']) {
      const res = await request(t.app).post('/api/contact').set('Origin', origin).send(REST_MESSAGE);
      expect(res.status, origin).toBe(403);
      expect(res.body.message).toMatch(/Cross-origin writes are refused/);
      expectNoCors(res);
    }
    expect(await storedInquiries()).toBe(before);
  });

  it('accepts an inquiry from the site itself and from clients that are not browsers (no Origin)', async () => {
    const fromSite = await request(t.app).post('/api/contact').set('Origin', SITE).send(REST_MESSAGE).expect(201);
    expectNoCors(fromSite);
    const fromServer = await request(t.app).post('/api/contact').send(REST_MESSAGE).expect(201);
    expectNoCors(fromServer);
  });

  it('answers GraphQL queries to any origin, POST and GET', async () => {
    const post = await request(t.app).post('/graphql').set('Origin', PARTNER).send({ query: ARTICLES }).expect(200);
    expect(post.body.data.articles.nodes).toHaveLength(2);
    expectPublicRead(post);
    const get = await request(t.app).get(`/graphql?query=${encodeURIComponent(ARTICLES)}`).set('Origin', PARTNER).set('Apollo-Require-Preflight', 'true').expect(200);
    expect(get.body.data.articles.nodes).toHaveLength(2);
    expectPublicRead(get);
  });

  it('refuses the contact mutation from a page on another origin before it runs: 403, no CORS headers, nothing stored', async () => {
    const before = await storedInquiries();
    const res = await request(t.app).post('/graphql').set('Origin', PARTNER).send({ query: SUBMIT, variables: { input: INPUT } });
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toMatchObject({ message: expect.stringMatching(/Cross-origin writes are refused/), extensions: { code: 'FORBIDDEN' } });
    expect(res.body.data).toBeUndefined();
    expectNoCors(res);
    expect(await storedInquiries()).toBe(before);
  });

  it('refuses a mutation hidden behind a persisted hash or an operation name from another origin', async () => {
    const before = await storedInquiries();
    // Registered by a server (no Origin), then replayed by hash from a page on another origin.
    const hash = sha256(SUBMIT);
    await request(t.app)
      .post('/graphql')
      .send({ query: SUBMIT, variables: { input: INPUT }, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } })
      .expect(200);
    const byHash = await request(t.app)
      .post('/graphql')
      .set('Origin', PARTNER)
      .send({ variables: { input: INPUT }, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
    expect(byHash.status).toBe(403);
    expectNoCors(byHash);
    const named = await request(t.app)
      .post('/graphql')
      .set('Origin', PARTNER)
      .send({ query: `query Read { __typename } ${SUBMIT}`, operationName: 'Send', variables: { input: INPUT } });
    expect(named.status).toBe(403);
    expectNoCors(named);
    expect(await storedInquiries()).toBe(before + 1);
  });

  it('runs the contact mutation from the site itself, and its answer carries no CORS headers', async () => {
    const res = await request(t.app).post('/graphql').set('Origin', SITE).send({ query: SUBMIT, variables: { input: INPUT } }).expect(200);
    expect(res.body.data.submitContactMessage.reference).toMatch(/^INQ-/);
    expectNoCors(res);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a mutation over GET (405), and never with credentials allowed', async () => {
    const res = await request(t.app)
      .get(`/graphql?query=${encodeURIComponent(SUBMIT)}&variables=${encodeURIComponent(JSON.stringify({ input: INPUT }))}`)
      .set('Origin', PARTNER)
      .set('Apollo-Require-Preflight', 'true');
    expect(res.status).toBe(405);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('never answers a request carrying a cookie or a token with CORS headers', async () => {
    const cookie = await request(t.app).post('/graphql').set('Origin', PARTNER).set('Cookie', 'session=1').send({ query: ARTICLES }).expect(200);
    expectNoCors(cookie);
    const token = await request(t.app)
      .post('/graphql')
      .set('Origin', PARTNER)
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .send({ query: '{ inquiries(first: 1) { nodes { reference } } }' })
      .expect(200);
    expectNoCors(token);
    for (const [name, value] of [
      ['Cookie', 'theme=dark'],
      ['Authorization', `Bearer ${ADMIN_TOKEN}`],
    ]) {
      // Cold and from the response cache alike.
      for (let n = 0; n < 3; n += 1) expectNoCors(await request(t.app).get('/api/articles?limit=1').set('Origin', PARTNER).set(name, value).expect(200));
    }
    expectPublicRead(await request(t.app).get('/api/articles?limit=1').set('Origin', PARTNER).expect(200));
  });
});

describe('persisted queries over GET, cached by their @cacheControl hints', () => {
  it('answers a public query with the Cache-Control of its hints', async () => {
    const res = await request(t.app).get(`/graphql?query=${encodeURIComponent(ARTICLES)}`).set('Apollo-Require-Preflight', 'true').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=86400');
  });

  it('registers a persisted query, then serves it by hash from the response cache', async () => {
    const query = '{ categories { slug name } }';
    const hash = sha256(query);
    const miss = await request(t.app).get(apqUrl(null, hash)).set('Apollo-Require-Preflight', 'true');
    expect(miss.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(miss.headers['cache-control']).not.toMatch(/public/);
    await request(t.app).get(apqUrl(query, hash)).set('Apollo-Require-Preflight', 'true').expect(200);

    const first = await request(t.app).get(apqUrl(null, hash)).set('Apollo-Require-Preflight', 'true').expect(200);
    expect(first.body.data.categories.length).toBeGreaterThan(0);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=86400');
    expectPublicRead(first);
    await expect.poll(async () => (await request(t.app).get(apqUrl(null, hash)).set('Apollo-Require-Preflight', 'true')).headers['x-cache']).toBe('HIT');
    const hit = await request(t.app).get(apqUrl(null, hash)).set('Apollo-Require-Preflight', 'true').set('Origin', PARTNER).expect(200);
    expect(hit.body).toEqual(first.body);
    expectPublicRead(hit);
  });

  it('drops cached GraphQL answers when content changes', async () => {
    const query = '{ articles(first: 1) { nodes { id title } } }';
    const url = `/graphql?query=${encodeURIComponent(query)}`;
    await request(t.app).get(url).set('Apollo-Require-Preflight', 'true').expect(200);
    await expect.poll(async () => (await request(t.app).get(url).set('Apollo-Require-Preflight', 'true')).headers['x-cache']).toBe('HIT');
    const em = t.db.orm.em.fork();
    const [latest] = (await em.find('Article' as never, {}, { orderBy: { publishedAt: 'desc', id: 'desc' } as never, limit: 1 })) as { title: string }[];
    latest.title = 'A headline changed for the GraphQL cache';
    await em.flush();
    const after = await request(t.app).get(url).set('Apollo-Require-Preflight', 'true').expect(200);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body.data.articles.nodes[0].title).toBe('A headline changed for the GraphQL cache');
  });

  it('keeps private fields, mutations and errors out of shared caches', async () => {
    const privateQuery = await request(t.app)
      .get(`/graphql?query=${encodeURIComponent('{ inquiries(first: 1) { nodes { reference } } }')}`)
      .set('Apollo-Require-Preflight', 'true')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .expect(200);
    expect(privateQuery.body.errors).toBeUndefined();
    expect(privateQuery.headers['cache-control']).toBe('no-store');
    const mixed = await request(t.app)
      .post('/graphql')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .send({ query: '{ categories { slug } inquiries(first: 1) { nodes { reference } } }' })
      .expect(200);
    expect(mixed.headers['cache-control']).toBe('no-store');
    const refused = await request(t.app).get(`/graphql?query=${encodeURIComponent('{ inquiries(first: 1) { nodes { reference } } }')}`).set('Apollo-Require-Preflight', 'true');
    expect(refused.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('makes a public answer private when the request carries a token, and never stores it', async () => {
    const url = `/graphql?query=${encodeURIComponent('{ breakingNews { id title } }')}`;
    for (let n = 0; n < 2; n += 1) {
      const res = await request(t.app).get(url).set('Apollo-Require-Preflight', 'true').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['x-cache']).toBeUndefined();
    }
  });

  it('still refuses a GET without a preflight-forcing header (Apollo CSRF prevention)', async () => {
    const res = await request(t.app).get(`/graphql?query=${encodeURIComponent('{ __typename }')}`);
    expect(res.status).toBe(400);
    expect(res.headers['cache-control'] ?? 'no-store').not.toMatch(/public/);
  });
});
