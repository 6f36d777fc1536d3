import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, utcDay } from '../../../schema/src/index.js';
import { createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { type App, createApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { createHttpServer } from '../lifecycle/http-server.js';
import { listen, rawRequest } from '../test/raw-http.js';
import { API_KEY_CHECK_TTL_MS } from './api-key-limit.js';

/**
 * Partner API keys over HTTP (decision 025): the owner creates, lists and revokes them; a request
 * with X-Api-Key counts against the key's own limit and its daily usage; a wrong key is a 401
 * naming the header; no key is today's anonymous access.
 */
const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
const ANONYMOUS_LIMIT = 500;
const KEY_DEFAULT_LIMIT = 25;
const PARTNER = 'https://partner.example.com';

let db: TestDatabase;
let t: App;
let editorToken: string;

const env = (extra: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    SITE_URL: 'https://news.example.au',
    ADMIN_TOKEN,
    API_RATE_LIMIT: String(ANONYMOUS_LIMIT),
    API_KEY_RATE_LIMIT: String(KEY_DEFAULT_LIMIT),
    ...extra,
  });

const apps: App[] = [];
async function newApp(extra: Record<string, string> = {}): Promise<App> {
  const app = await createApp({ config: env(extra), orm: db.orm, logger: pino({ level: 'silent' }) });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await newApp();
  editorToken = (await createServices(db.orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' })).token;
}, 120_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await db?.close();
});

interface GqlError {
  message: string;
  extensions: { code: string; fields?: { field: string }[] };
}

async function gql(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const req = request(t.app).post('/graphql');
  const res = await (token ? req.set('Authorization', `Bearer ${token}`) : req).send({ query, variables });
  // The shape of each answer is what the assertions check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.body as { data: Record<string, any> | null; errors?: GqlError[] };
}

const CREATE = `mutation Create($name: String!, $limit: Int) {
  createApiKey(name: $name, limitPerMinute: $limit) { id name prefix key limitPerMinute createdAt revokedAt usage { day requests } }
}`;
const REVOKE = `mutation Revoke($name: String!) { revokeApiKey(name: $name) { name revokedAt } }`;
const LIST = `{ apiKeys { id name prefix limitPerMinute lastUsedAt revokedAt usage { day requests } } }`;

async function createKey(name: string, limit?: number): Promise<{ id: string; key: string; prefix: string }> {
  const { data, errors } = await gql(CREATE, { name, limit }, ADMIN_TOKEN);
  expect(errors).toBeUndefined();
  return data!.createApiKey;
}

/** Sends a request the cache keeps, and waits until it is kept (answers are compressed before they are stored). */
async function stored<T>(send: () => PromiseLike<T>): Promise<T> {
  const before = t.cache!.stats.stored;
  const res = await send();
  await expect.poll(() => t.cache!.stats.stored).toBeGreaterThan(before);
  return res;
}

async function usageOf(name: string) {
  await t.apiKeyUsage.flush();
  const { data } = await gql(LIST, {}, ADMIN_TOKEN);
  return (data!.apiKeys as { name: string; revokedAt: string | null; usage: { day: string; requests: number }[]; lastUsedAt: string | null }[]).find(
    (k) => k.name === name && !k.revokedAt,
  );
}

describe('the owner manages keys through GraphQL', () => {
  it('lets the admin role create, list and revoke keys, showing the key only once', async () => {
    const created = await createKey('Acme Media', 120);
    expect(created).toMatchObject({ name: 'Acme Media', limitPerMinute: 120, revokedAt: null, usage: [] });
    expect(created.key).toMatch(/^apk_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const { data } = await gql(LIST, {}, ADMIN_TOKEN);
    expect(data!.apiKeys).toContainEqual(expect.objectContaining({ name: 'Acme Media', prefix: created.prefix, limitPerMinute: 120, usage: [] }));
    expect(JSON.stringify(data)).not.toContain(created.key);
    const revoked = await gql(REVOKE, { name: 'acme media' }, ADMIN_TOKEN);
    expect(revoked.data!.revokeApiKey.revokedAt).toBeTruthy();
  });

  it('refuses an editor (403 FORBIDDEN) and nobody (401 UNAUTHENTICATED), and names bad fields', async () => {
    for (const [query, variables] of [
      [LIST, {}],
      [CREATE, { name: 'Sneaky' }],
      [REVOKE, { name: 'Acme Media' }],
    ] as const) {
      expect((await gql(query, variables, editorToken)).errors?.[0].extensions.code).toBe('FORBIDDEN');
      expect((await gql(query, variables)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    const bad = await gql(CREATE, { name: '', limit: 0 }, ADMIN_TOKEN);
    expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0].extensions.fields?.map((f) => f.field).sort()).toEqual(['limitPerMinute', 'name']);
    expect((await gql(REVOKE, { name: 'Nobody' }, ADMIN_TOKEN)).errors?.[0].extensions.code).toBe('NOT_FOUND');
    // Nothing was created by the refused calls.
    expect((await gql(LIST, {}, ADMIN_TOKEN)).data!.apiKeys.map((k: { name: string }) => k.name)).not.toContain('Sneaky');
  });
});

describe('requests with a key', () => {
  it('are counted per UTC day, cache hits included, and the owner sees the counts (GraphQL and REST)', async () => {
    const { key } = await createKey('Counted Partner');
    const url = '/api/articles?limit=2';
    const first = await stored(() => request(t.app).get(url).set('X-Api-Key', key).expect(200));
    const second = await request(t.app).get(url).set('X-Api-Key', key).expect(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toEqual(first.body);
    await request(t.app).post('/graphql').set('X-Api-Key', key).send({ query: '{ categories { slug } }' }).expect(200);
    // Refused for the key's sake (a 404 is still a request made with it): counted too.
    await request(t.app).get('/api/articles/999999').set('X-Api-Key', key).expect(404);
    const counted = await usageOf('Counted Partner');
    expect(counted?.usage).toEqual([{ day: utcDay(new Date()), requests: 4 }]);
    expect(counted?.lastUsedAt).toBeTruthy();

    const rest = await request(t.app).get('/api/admin/api-keys').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
    expect(rest.headers['cache-control']).toBe('no-store');
    expect(rest.body.apiKeys).toContainEqual(expect.objectContaining({ name: 'Counted Partner', usage: [{ day: utcDay(new Date()), requests: 4 }] }));
    expect(JSON.stringify(rest.body)).not.toContain(key);
    await request(t.app).get('/api/admin/api-keys').set('Authorization', `Bearer ${editorToken}`).expect(403);
    const none = await request(t.app).get('/api/admin/api-keys').set('X-Api-Key', key).expect(401);
    expect(none.headers['cache-control']).toBe('no-store');
  });

  it('share the cache with anonymous readers: the key is never part of the cached answer or its key', async () => {
    const { key } = await createKey('Cache Sharer');
    const keyedFirst = '/api/articles?limit=3';
    await stored(() => request(t.app).get(keyedFirst).set('X-Api-Key', key).expect(200));
    const anonymous = await request(t.app).get(keyedFirst).expect(200);
    expect(anonymous.headers['x-cache']).toBe('HIT');
    expect(anonymous.headers['cache-control']).toMatch(/^public/);
    expect(JSON.stringify(anonymous.headers)).not.toContain(key);
    const anonymousFirst = '/api/articles?limit=4';
    await stored(() => request(t.app).get(anonymousFirst).expect(200));
    const keyed = await request(t.app).get(anonymousFirst).set('X-Api-Key', key).expect(200);
    expect(keyed.headers['x-cache']).toBe('HIT');
    expect(keyed.headers['cache-control']).toMatch(/^public/);
    // A GraphQL GET with a key stays public (an Authorization header would make it private).
    const q = await request(t.app).get('/graphql').query({ query: '{ categories { slug } }' }).set('Apollo-Require-Preflight', 'true').set('X-Api-Key', key).expect(200);
    expect(q.headers['cache-control']).toMatch(/public/);
  });

  it("count against the key's own limit, with RateLimit headers, while anonymous requests from the same address still pass", async () => {
    const { key } = await createKey('Small Partner', 3);
    const other = await createKey('Big Partner');
    for (let i = 0; i < 3; i += 1) {
      const res = await request(t.app).get('/api/breaking-news').set('X-Api-Key', key).expect(200);
      expect(res.headers['ratelimit-policy']).toMatch(/"3-in-1min"; q=3; w=60/);
      expect(res.headers.ratelimit).toMatch(new RegExp(`r=${2 - i}\\b`));
    }
    const refused = await request(t.app).get('/api/breaking-news').set('X-Api-Key', key).expect(429);
    expect(refused.body.message).toBe('Too many requests with this API key: at most 3 a minute. Please slow down.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
    // GraphQL counts against the same key limit.
    await request(t.app).post('/graphql').set('X-Api-Key', key).send({ query: '{ __typename }' }).expect(429);
    // The same address without the key: the anonymous limit, untouched by the keyed requests.
    const anonymous = await request(t.app).get('/api/breaking-news').expect(200);
    expect(anonymous.headers['ratelimit-policy']).toMatch(new RegExp(`q=${ANONYMOUS_LIMIT};`));
    // Another key: its own count, at the partner default.
    const big = await request(t.app).get('/api/breaking-news').set('X-Api-Key', other.key).expect(200);
    expect(big.headers['ratelimit-policy']).toMatch(new RegExp(`q=${KEY_DEFAULT_LIMIT};`));
    expect(big.headers.ratelimit).toMatch(new RegExp(`r=${KEY_DEFAULT_LIMIT - 1}\\b`));
    // The key's partition is named by a hash, never by the key.
    expect(big.headers['ratelimit-policy']).not.toContain(other.key);
    // Only admitted requests are counted.
    expect((await usageOf('Small Partner'))?.usage).toEqual([{ day: utcDay(new Date()), requests: 3 }]);
  });
});

describe('a wrong key', () => {
  it('answers 401 naming the header, on REST and GraphQL: never served as anonymous', async () => {
    const { key } = await createKey('Soon Revoked');
    await gql(REVOKE, { name: 'Soon Revoked' }, ADMIN_TOKEN);
    const unknown = `apk_${'A'.repeat(43)}`;
    for (const [value, message] of [
      [unknown, /^Unknown API key in the X-Api-Key header/],
      [key, /^The API key in the X-Api-Key header has been revoked/],
      ['not-a-key', /^Malformed X-Api-Key header/],
    ] as const) {
      const res = await request(t.app).get('/api/articles').set('X-Api-Key', value).expect(401);
      expect(res.body.message).toMatch(message);
      expect(res.headers['www-authenticate']).toMatch(/X-Api-Key/);
      expect(res.headers['cache-control']).toBe('no-store');
      const g = await request(t.app).post('/graphql').set('X-Api-Key', value).send({ query: '{ __typename }' }).expect(401);
      expect(g.body.message).toMatch(message);
    }
  });

  it('is refused within a few seconds once revoked, after having been used', async () => {
    const { key } = await createKey('Revoked In Use');
    await request(t.app).get('/api/breaking-news').set('X-Api-Key', key).expect(200);
    await gql(REVOKE, { name: 'Revoked In Use' }, ADMIN_TOKEN);
    await expect
      .poll(async () => (await request(t.app).get('/api/breaking-news').set('X-Api-Key', key)).status, { timeout: API_KEY_CHECK_TTL_MS + 2_000, interval: 250 })
      .toBe(401);
  });

  it('answers 401, never 500, for hostile values: very long, non-ASCII, empty, repeated', async () => {
    const { server, port } = await listen(t.app);
    try {
      const { key } = await createKey('Hostile Tests');
      const heads: [string, number][] = [
        [`X-Api-Key: apk_${'x'.repeat(8_000)}`, 401],
        ['X-Api-Key: apk_ключ😀ключключключключключключключключключключключ', 401],
        [`X-Api-Key: apk_${'\u00e9'.repeat(43)}`, 401],
        ['X-Api-Key:', 401],
        ['X-Api-Key:    ', 401],
        // Repeated: Node joins them with a comma, which no key contains.
        [`X-Api-Key: ${key}\r\nX-Api-Key: ${key}`, 401],
        [`X-Api-Key: ${key.toUpperCase()}`, 401],
        // A NUL byte is refused by Node's parser before the app sees it.
        [`X-Api-Key: ${key}\u0000`, 400],
      ];
      for (const [header, status] of heads) {
        const res = await rawRequest(port, `GET /api/articles HTTP/1.1\r\nHost: news.example.au\r\n${header}`);
        expect(res.status, header.slice(0, 40)).toBe(status);
        if (status === 401) expect(JSON.parse(res.body).message).toMatch(/X-Api-Key/);
      }
      // The valid key still works.
      const ok = await rawRequest(port, `GET /api/articles HTTP/1.1\r\nHost: news.example.au\r\nX-Api-Key: ${key}`);
      expect(ok.status).toBe(200);
    } finally {
      server.close();
    }
  });

  it("counts against the client's anonymous limit, so guessing keys is limited like any anonymous traffic", async () => {
    const strict = await newApp({ API_RATE_LIMIT: '3' });
    for (let i = 0; i < 3; i += 1) await request(strict.app).get('/api/articles').set('X-Api-Key', `apk_${String(i).repeat(43)}`).expect(401);
    await request(strict.app).get('/api/articles').set('X-Api-Key', `apk_${'9'.repeat(43)}`).expect(429);
    await request(strict.app).get('/api/articles').expect(429);
  });
});

describe('the partner default', () => {
  it('is 1000 requests a minute per key unless API_KEY_RATE_LIMIT says otherwise', () => {
    expect(loadConfig({}).apiKeyRateLimitPerMinute).toBe(1_000);
    expect(env().apiKeyRateLimitPerMinute).toBe(KEY_DEFAULT_LIMIT);
  });
});

describe('no key', () => {
  it('is the anonymous per-client limit, as before', async () => {
    const res = await request(t.app).get('/api/categories/edtech/articles').expect(200);
    expect(res.headers['ratelimit-policy']).toMatch(new RegExp(`^"${ANONYMOUS_LIMIT}-in-1min"; q=${ANONYMOUS_LIMIT}; w=60`));
  });
});

describe('CORS', () => {
  it('lets a page on another origin send X-Api-Key with public reads', async () => {
    for (const [path, method] of [
      ['/graphql', 'POST'],
      ['/api/articles', 'GET'],
    ]) {
      const res = await request(t.app)
        .options(path)
        .set('Origin', PARTNER)
        .set('Access-Control-Request-Method', method)
        .set('Access-Control-Request-Headers', 'content-type, x-api-key')
        .expect(204);
      expect(res.headers['access-control-allow-headers']).toMatch(/X-Api-Key/);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
    const { key } = await createKey('Browser Partner');
    const res = await request(t.app).get('/api/breaking-news').set('Origin', PARTNER).set('X-Api-Key', key).expect(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    // Still refused where it was: admin paths.
    await request(t.app).options('/api/admin/api-keys').set('Origin', PARTNER).set('Access-Control-Request-Method', 'GET').set('Access-Control-Request-Headers', 'x-api-key').expect(403);
  });
});

describe('a clean shutdown', () => {
  it('writes the counts it holds: none is lost', async () => {
    const closing = await newApp();
    const { key } = await createKey('Shutdown Partner');
    for (let i = 0; i < 5; i += 1) await request(closing.app).get('/api/breaking-news').set('X-Api-Key', key).expect(200);
    apps.splice(apps.indexOf(closing), 1);
    await closing.close();
    const listed = await createServices(db.orm.em.fork()).apiKeys.listKeys();
    expect(listed.find((k) => k.name === 'Shutdown Partner')?.usage).toEqual([{ day: utcDay(new Date()), requests: 5 }]);
  });
});

describe("the server's real listener", () => {
  it('answers a keyed read cold and warm, by GET and POST, and counts each for the key', async () => {
    const served = await newApp();
    const { key } = await createKey('Listener Partner');
    const server = createHttpServer(served.app, loadConfig({}).http, served.listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const body = JSON.stringify({ query: '{ breakingNews { id } }' });
      const sends = () => [
        rawRequest(port, `GET /api/articles?limit=3 HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${key}`),
        rawRequest(port, `POST /graphql HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}`, body),
      ];
      // Cold, then again once the cache holds both answers (anonymous reads fill it).
      const cold = await Promise.all(sends());
      await request(served.app).get('/api/articles?limit=3').expect(200);
      await request(served.app).post('/graphql').send(JSON.parse(body)).expect(200);
      const warm = await Promise.all(sends());
      for (const res of [...cold, ...warm]) {
        expect(res.status, res.body).toBe(200);
        expect(res.headers['ratelimit-policy']).toBeDefined();
      }
      expect(warm.map((res) => res.headers['x-cache'])).toEqual(['HIT', 'HIT']);
      await served.apiKeyUsage.flush();
      const listed = await createServices(db.orm.em.fork()).apiKeys.listKeys();
      expect(listed.find((k) => k.name === 'Listener Partner')?.usage).toEqual([{ day: utcDay(new Date()), requests: 4 }]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
