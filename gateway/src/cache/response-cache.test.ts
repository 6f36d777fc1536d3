import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { createWeb } from '../ssr/web.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;

/** The raw bytes of an answer, without supertest decoding them. */
function raw(path: string, headers: Record<string, string> = {}) {
  const req = request(t.app).get(path).buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
  for (const [name, value] of Object.entries(headers)) req.set(name, value);
  return req;
}

async function renameLatestArticle(title: string): Promise<number> {
  const em = t.db.orm.em.fork();
  // Through the unit of work, as every write of the site goes: the entity by its name.
  const [latest] = (await em.find('Article' as never, {}, { orderBy: { publishedAt: 'desc', id: 'desc' } as never, limit: 1 })) as { id: number; title: string }[];
  latest.title = title;
  await em.flush();
  return latest.id;
}

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au' });
  t = await createTestApp({}, { web: (contextFor) => createWeb({ config, contextFor, mode: 'source' }) });
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('response cache', () => {
  it('renders a page once and serves the same bytes again, compressed once', async () => {
    const first = await raw('/about', { 'Accept-Encoding': 'identity' }).expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    await expect.poll(async () => (await raw('/about', { 'Accept-Encoding': 'identity' })).headers['x-cache']).toBe('HIT');
    const hit = await raw('/about', { 'Accept-Encoding': 'identity' }).expect(200);
    expect(hit.body.equals(first.body)).toBe(true);
    expect(hit.headers.etag).toBe(first.headers.etag);
    expect(hit.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(hit.headers['cache-control']).toBe(first.headers['cache-control']);

    // The client decodes what it receives: the stored encodings decode to the same page.
    const br = await raw('/about', { 'Accept-Encoding': 'br, gzip' }).expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['x-cache']).toBe('HIT');
    expect(br.body.equals(first.body)).toBe(true);
    const gz = await raw('/about', { 'Accept-Encoding': 'gzip' }).expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(first.body)).toBe(true);
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it("sends each hit the encoding its own Accept-Encoding prefers, whatever earlier readers asked for", async () => {
    await raw('/about?encodings', { 'Accept-Encoding': 'identity' }).expect(200);
    await expect.poll(async () => (await raw('/about?encodings', { 'Accept-Encoding': 'identity' })).headers['x-cache']).toBe('HIT');
    const asked = async (acceptEncoding: string) => (await raw('/about?encodings', { 'Accept-Encoding': acceptEncoding }).expect(200)).headers['content-encoding'] ?? 'identity';
    // Each value twice: the second answer comes from what the first chose.
    for (let round = 0; round < 2; round++) {
      expect(await asked('br, gzip')).toBe('br');
      expect(await asked('br;q=0.5, gzip')).toBe('gzip');
      expect(await asked('br;q=0, gzip;q=0')).toBe('identity');
      expect(await asked(`gzip, ${'x-unknown, '.repeat(40)}identity`)).toBe('gzip');
    }
  });

  it('renders a page once for readers who ask for it at the same time (decision 033)', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => raw('/about?together', { 'Accept-Encoding': 'identity' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.headers['x-cache'] === 'MISS')).toHaveLength(1);
    for (const answer of answers) expect(answer.body.equals(answers[0].body)).toBe(true);
  });

  it('answers a revalidation from the cache with 304', async () => {
    const { headers } = await request(t.app).get('/about').expect(200);
    await request(t.app).get('/about').set('If-None-Match', headers.etag).expect(304);
  });

  it('serves REST reads from the cache and drops every entry when content is written', async () => {
    await request(t.app).get('/api/articles?limit=1').expect(200);
    await expect.poll(async () => (await request(t.app).get('/api/articles?limit=1')).headers['x-cache']).toBe('HIT');
    await expect.poll(async () => (await request(t.app).get('/')).headers['x-cache']).toBe('HIT');

    const id = await renameLatestArticle('Cache invalidation test headline');

    const api = await request(t.app).get('/api/articles?limit=1').expect(200);
    expect(api.headers['x-cache']).toBe('MISS');
    expect(api.body[0]).toMatchObject({ id, title: 'Cache invalidation test headline' });
    const home = await request(t.app).get('/').expect(200);
    expect(home.headers['x-cache']).toBe('MISS');
    expect(home.text).toContain('Cache invalidation test headline');
  });

  it('never shares an answer to a request that carries credentials', async () => {
    await request(t.app).get('/contact').expect(200);
    await expect.poll(async () => (await request(t.app).get('/contact')).headers['x-cache']).toBe('HIT');
    const withToken = await request(t.app).get('/contact').set('Authorization', 'Bearer someone').expect(200);
    expect(withToken.headers['x-cache']).toBeUndefined();
    // A cookie that may identify the reader (the colour scheme cookie alone is part of the key instead).
    const withCookie = await request(t.app).get('/contact').set('Cookie', 'session=abc').expect(200);
    expect(withCookie.headers['x-cache']).toBeUndefined();
  });

  it('stores no error and nothing marked private or no-store', async () => {
    for (let i = 0; i < 3; i++) {
      const missing = await request(t.app).get('/api/articles/999999').expect(404);
      expect(missing.headers['x-cache']).toBe('MISS');
      expect(missing.headers['cache-control']).toBe('no-store');
      const page = await request(t.app).get('/no-such-page').expect(404);
      expect(page.headers['x-cache']).toBe('MISS');
      const admin = await request(t.app).get('/api/admin/inquiries');
      expect(admin.headers['x-cache']).not.toBe('HIT');
    }
  });

  it('keeps a GraphQL query sent by POST, keyed by its body, until content is written; never a mutation', async () => {
    const post = (body: object, headers: Record<string, string> = {}) =>
      request(t.app).post('/graphql').set('Content-Type', 'application/json').set(headers).send(body);
    const latest = { query: 'query Latest($n: Int!) { articles(first: $n) { nodes { id title } } }', variables: { n: 1 } };
    const first = await post(latest).expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.headers['cache-control']).toMatch(/public/);
    await expect.poll(async () => (await post(latest)).headers['x-cache']).toBe('HIT');
    const hit = await post(latest).expect(200);
    expect(hit.body).toEqual(first.body);
    expect(hit.headers['access-control-allow-origin']).toBe(first.headers['access-control-allow-origin']);

    // Other variables are another answer; a request with credentials is never shared.
    const two = await post({ ...latest, variables: { n: 2 } }).expect(200);
    expect(two.headers['x-cache']).toBe('MISS');
    expect(two.body.data.articles.nodes).toHaveLength(2);
    expect((await post(latest, { Authorization: 'Bearer someone' })).headers['x-cache']).toBeUndefined();

    // A mutation's answer is never kept, however often it is sent.
    const mutation = { query: 'mutation { deleteArticle(id: "1") }' };
    for (let i = 0; i < 3; i++) expect((await post(mutation)).headers['x-cache']).not.toBe('HIT');

    const id = await renameLatestArticle('POST cache invalidation headline');
    const after = await post(latest).expect(200);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body.data.articles.nodes[0]).toEqual({ id: String(id), title: 'POST cache invalidation headline' });
  });

  it('keys a short POST body by its text and a long one by its hash: both hit, and differ by their last byte', async () => {
    const post = (body: object) => request(t.app).post('/graphql').set('Content-Type', 'application/json').send(body);
    // Over 1,024 bytes: keyed by its sha256 (decision 039).
    const padding = ' '.repeat(1_100);
    for (const query of [`{ categories { slug } }`, `{${padding}categories { slug } }`]) {
      const one = { query, variables: { a: 1 } };
      expect((await post(one).expect(200)).headers['x-cache']).toBe('MISS');
      await expect.poll(async () => (await post(one)).headers['x-cache']).toBe('HIT');
      expect((await post({ query, variables: { a: 2 } }).expect(200)).headers['x-cache']).toBe('MISS');
    }
  });

  it('marks public API reads for shared caches and browsers', async () => {
    const res = await request(t.app).get('/api/breaking-news').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=86400, stale-while-revalidate=60');
    expect(res.headers.etag).toBeTruthy();
    await request(t.app).get('/api/breaking-news').set('If-None-Match', res.headers.etag).expect(304);
  });
});

describe('response cache limits', () => {
  it('streams an answer too large for one entry without keeping it, and keeps a small one', async () => {
    const { default: express } = await import('express');
    const { createResponseCache } = await import('./response-cache.js');
    const cache = createResponseCache({ ttlMs: 60_000, maxBytes: 8_000 });
    const app = express();
    app.use(cache.middleware);
    app.get('/big', (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=0');
      res.type('text/plain').send('x'.repeat(2_000));
    });
    app.get('/small', (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=0');
      res.type('text/plain').send('y'.repeat(500));
    });
    for (let i = 0; i < 3; i++) {
      const big = await request(app).get('/big').expect(200);
      expect(big.text).toHaveLength(2_000);
      expect(big.headers['x-cache']).toBe('MISS');
    }
    await request(app).get('/small').expect(200);
    await expect.poll(async () => (await request(app).get('/small')).headers['x-cache']).toBe('HIT');
    expect(cache.stats.stored).toBe(1);
  });
});
