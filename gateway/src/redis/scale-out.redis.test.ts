import { createHash, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, utcDay } from '../../../schema/src/index.js';
import { type App, createApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { createTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { twoAppsOnRedis } from '../test/two-apps-on-redis.js';

/**
 * Beyond one process (issue 'Beyond one process', item 1): two apps on the same database and the
 * same Redis share their rate limits, their response cache and its invalidation. App B hears of no
 * content change in its own process (as a second process would not): what it learns of A's writes
 * comes through Redis. Runs when TEST_REDIS_URL names a Redis server (CI sets it).
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const SITE = 'https://news.example.au';
const API_LIMIT = 6;
const CONTACT_LIMIT = 2;
const LIMITS = { API_RATE_LIMIT: String(API_LIMIT), CONTACT_RATE_LIMIT: String(CONTACT_LIMIT) };

const site = twoAppsOnRedis('scale-out', { env: () => LIMITS });
let a: App;
let b: App;
let n = 0;
/** A client address of its own per test (TRUST_PROXY is on), so limits counted by one test do not leak into the next. */
const newClient = () => `203.0.113.${(n += 1)}`;

/** The configuration of a further process of the same site. */
const env = (extra: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', SITE_URL: SITE, REDIS_URL, REDIS_KEY_PREFIX: site.prefix, TRUST_PROXY: 'loopback', ...LIMITS, ...extra });

async function renameLatestArticle(title: string): Promise<void> {
  const em = site.db().orm.em.fork();
  const [latest] = (await em.find('Article' as never, {}, { orderBy: { publishedAt: 'desc', id: 'desc' } as never, limit: 1 })) as { title: string }[];
  latest.title = title;
  await em.flush();
}

beforeAll(() => {
  a = site.a();
  b = site.b();
});

describe('two processes, one Redis', () => {
  it('report Redis in readiness', async () => {
    const res = await request(a.app).get('/readyz').expect(200);
    expect(res.body).toEqual({ status: 'ready', redis: 'up' });
  });

  it('share the API limit: N requests across both, then 429 on either', async () => {
    const client = newClient();
    for (let i = 0; i < API_LIMIT; i += 1) {
      const res = await request(i % 2 === 0 ? a.app : b.app).get('/api/breaking-news').set('X-Forwarded-For', client);
      expect(res.status, `request ${i + 1}`).toBe(200);
      expect(res.headers.ratelimit).toMatch(new RegExp(`r=${API_LIMIT - i - 1}\\b`));
    }
    for (const app of [a.app, b.app]) {
      const refused = await request(app).get('/api/breaking-news').set('X-Forwarded-For', client).expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // GraphQL counts against the same limit.
    await request(b.app).post('/graphql').set('X-Forwarded-For', client).send({ query: '{ __typename }' }).expect(429);
    // Another client is not affected.
    await request(b.app).get('/api/breaking-news').set('X-Forwarded-For', newClient()).expect(200);
  });

  it("share a partner API key's limit and add up its usage across both", async () => {
    const { key } = await createServices(site.db().orm.em.fork()).apiKeys.createKey({ name: 'Shared Partner', limitPerMinute: 4 });
    // Different addresses: the key's limit follows the key, not the client.
    for (let i = 0; i < 4; i += 1) {
      const res = await request(i % 2 === 0 ? a.app : b.app).get('/api/breaking-news').set('X-Forwarded-For', newClient()).set('X-Api-Key', key);
      expect(res.status, `request ${i + 1}`).toBe(200);
      expect(res.headers.ratelimit).toMatch(new RegExp(`r=${4 - i - 1}\\b`));
    }
    for (const app of [a.app, b.app]) {
      const refused = await request(app).get('/api/breaking-news').set('X-Forwarded-For', newClient()).set('X-Api-Key', key).expect(429);
      expect(refused.body.message).toMatch(/with this API key: at most 4 a minute/);
    }
    await Promise.all([a.apiKeyUsage.flush(), b.apiKeyUsage.flush()]);
    const [listed] = await createServices(site.db().orm.em.fork()).apiKeys.listKeys();
    expect(listed.usage).toEqual([{ day: utcDay(new Date()), requests: 4 }]);
  });

  it('share the contact limit across both', async () => {
    const client = newClient();
    const message = { name: 'Alex Nguyen', email: 'alex@example.com.au', subject: 'Domain', message: 'What is the asking price?', inquiryType: 'domain' };
    await request(a.app).post('/api/contact').set('X-Forwarded-For', client).send(message).expect(201);
    await request(b.app).post('/api/contact').set('X-Forwarded-For', client).send(message).expect(201);
    const refused = await request(a.app).post('/api/contact').set('X-Forwarded-For', client).send(message).expect(429);
    expect(refused.body.message).toMatch(/at most 2 an hour/);
  });

  it('share the response cache: an answer rendered by one is a hit on the other', async () => {
    const url = '/api/articles?limit=3';
    const first = await request(a.app).get(url).set('X-Forwarded-For', newClient()).expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    await expect.poll(async () => (await request(b.app).get(url).set('X-Forwarded-For', newClient())).headers['x-cache']).toBe('HIT');
    const hit = await request(b.app).get(url).set('X-Forwarded-For', newClient()).expect(200);
    expect(hit.body).toEqual(first.body);
    expect(hit.headers.etag).toBe(first.headers.etag);
  });

  it('invalidate the other process on a content change: its next answer is rendered again, not its cached copy', async () => {
    const url = '/api/articles?limit=1';
    await request(b.app).get(url).set('X-Forwarded-For', newClient()).expect(200);
    await expect.poll(async () => (await request(b.app).get(url).set('X-Forwarded-For', newClient())).headers['x-cache']).toBe('HIT');

    const title = `Published through process A, ${randomUUID()}`;
    await renameLatestArticle(title);
    // Without the message through Redis, B would serve its cached copy for the cache's whole life (60 s).
    let seen: request.Response | undefined;
    await expect
      .poll(async () => {
        seen = await request(b.app).get(url).set('X-Forwarded-For', newClient()).expect(200);
        return seen.body[0].title;
      })
      .toBe(title);
    expect(seen!.headers['x-cache']).toBe('MISS');
  });

  it('share persisted queries: registered on one, found by hash on the other', async () => {
    const query = '{ categories { slug } }';
    const hash = createHash('sha256').update(query).digest('hex');
    const url = (withQuery: boolean) =>
      `/graphql?${new URLSearchParams({ ...(withQuery ? { query } : {}), extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }) })}`;
    await request(a.app).get(url(true)).set('Apollo-Require-Preflight', 'true').set('X-Forwarded-For', newClient()).expect(200);
    const byHash = await request(b.app).get(url(false)).set('Apollo-Require-Preflight', 'true').set('X-Forwarded-For', newClient()).expect(200);
    expect(byHash.body.data.categories.length).toBeGreaterThan(0);
  });
});

describe('Redis down', () => {
  let proxy: TcpProxy;
  let c: App;
  const logs: string[] = [];

  beforeAll(async () => {
    const target = new URL(REDIS_URL);
    proxy = await createTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    const viaProxy = new URL(REDIS_URL);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => void (logs.push(String(chunk)), done()) }));
    c = await createApp({ config: env({ REDIS_URL: viaProxy.toString(), API_RATE_LIMIT: '100' }), orm: site.db().orm, logger, contentChanges: () => () => undefined });
  }, 60_000);
  afterAll(async () => {
    await c?.close();
    await proxy?.close();
  });

  it('keeps serving reads from the database, bypassing the cache, with per-process limits, and logs the outage once', async () => {
    const client = newClient();
    await request(c.app).get('/api/articles?limit=2').set('X-Forwarded-For', client).expect(200);
    await expect.poll(async () => (await request(c.app).get('/api/articles?limit=2').set('X-Forwarded-For', client)).headers['x-cache']).toBe('HIT');

    await proxy.down();
    await expect.poll(() => c.redis?.up).toBe(false);
    for (let i = 0; i < 20; i += 1) {
      const res = await request(c.app).get('/api/articles?limit=2').set('X-Forwarded-For', client).expect(200);
      expect(res.body).toHaveLength(2);
      // Bypassed: nothing served from (or stored into) a cache this process cannot keep in step.
      expect(res.headers['x-cache']).toBeUndefined();
    }
    const page = await request(c.app).get('/graphql?query=%7Bcategories%7Bslug%7D%7D').set('Apollo-Require-Preflight', 'true').set('X-Forwarded-For', client).expect(200);
    expect(page.body.data.categories.length).toBeGreaterThan(0);

    const ready = await request(c.app).get('/readyz').expect(200);
    expect(ready.body).toEqual({ status: 'ready', redis: 'down' });
    expect(logs.filter((line) => line.includes('Redis unreachable'))).toHaveLength(1);
  });

  it('falls back to a per-process limit while Redis is down', async () => {
    const client = newClient();
    for (let i = 0; i < 100; i += 1) await request(c.app).get('/healthz');
    let refusedAt = 0;
    for (let i = 1; i <= 101; i += 1) {
      const res = await request(c.app).get('/api/breaking-news').set('X-Forwarded-For', client);
      if (res.status === 429) {
        refusedAt = i;
        break;
      }
    }
    expect(refusedAt).toBe(101);
  });

  it('shares again once Redis is back', async () => {
    await proxy.up();
    await expect.poll(() => c.redis?.up).toBe(true);
    expect(logs.some((line) => line.includes('Redis back'))).toBe(true);
    const client = newClient();
    await request(c.app).get('/api/articles?limit=4').set('X-Forwarded-For', client).expect(200);
    await expect.poll(async () => (await request(c.app).get('/api/articles?limit=4').set('X-Forwarded-For', client)).headers['x-cache']).toBe('HIT');
    expect((await request(c.app).get('/readyz').expect(200)).body.redis).toBe('up');
  });
});
