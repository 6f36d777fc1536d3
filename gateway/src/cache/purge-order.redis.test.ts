import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOrm, createServices, type Orm } from '../../../schema/src/index.js';
import { createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { type App, createApp } from '../app.js';
import { loadConfig } from '../config/config.js';

/**
 * The order of a purge across processes (decision 138): process A commits a correction of a page
 * only process B holds. The proxy must hear of it only once B has rendered the page again and
 * stored it in Redis, so the proxy's next miss, whichever process it reaches, is answered from a cache.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const PREFIX = `test-purge-order-${randomUUID().slice(0, 8)}`;
/** Far more than a render takes on a busy machine: the order is what is tested, not the budget. */
const BUDGET_MS = 30_000;

let db: TestDatabase;
let secondOrm: Orm | null = null;
let a: App;
let b: App;
let servers: Server[] = [];
let proxy: Server;
let redis: Redis;
let editor: Record<string, string>;
/** Each PURGE the proxy was sent, and whether the page was in Redis when it came. */
const purges: { keys: string; pageInRedis: boolean }[] = [];
let watched = '';

/** The shared tier's key of an anonymous GET (shared-tier.ts): the hash of the response cache's key. */
const sharedKey = (path: string) => `${PREFIX}:answer:${createHash('sha256').update(`|${path}`).digest('base64url')}`;

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  redis = new Redis(REDIS_URL);
  const fakeProxy = await listen((req, res) => {
    if (req.method !== 'PURGE') return void res.end();
    void redis.exists(sharedKey(watched)).then((count) => {
      purges.push({ keys: String(req.headers['xkey-purge']), pageInRedis: count === 1 });
      res.end();
    });
  });
  proxy = fakeProxy.server;
  const config = () =>
    loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au', REDIS_URL, REDIS_KEY_PREFIX: PREFIX, TRUST_PROXY: 'loopback', PROXY_PURGE_URLS: `${fakeProxy.origin}/` });
  db = await createTestDatabase();
  secondOrm = db.target.kind === 'postgres' ? await createOrm(db.target) : null;
  a = await createApp({ config: config(), orm: db.orm, logger: pino({ level: 'silent' }), refreshBudgetMs: BUDGET_MS });
  // B hears of no change in its own process, as a second process would not.
  b = await createApp({ config: config(), orm: secondOrm ?? db.orm, logger: pino({ level: 'silent' }), contentChanges: () => () => undefined, refreshBudgetMs: BUDGET_MS });
  for (const app of [a, b]) {
    const { server, origin } = await listen(app.listener);
    servers.push(server);
    app.serving(origin);
  }
  const { token } = await createServices(db.orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' });
  editor = { Authorization: `Bearer ${token}` };
}, 120_000);

afterAll(async () => {
  await Promise.all([...servers, proxy].map((server) => new Promise((resolve) => server?.close(resolve))));
  servers = [];
  await a?.close();
  await b?.close();
  await secondOrm?.close(true);
  await db?.close();
  const keys = await redis.keys(`${PREFIX}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

it('the committing process tells the proxy once the other process has rendered the page it held again, into Redis', async () => {
  const [serverA, serverB] = servers;
  const [article] = (await request(serverB).get('/api/articles?limit=1').expect(200)).body as { id: number }[];
  watched = `/api/articles/${article.id}`;
  // Only B renders the page; its copy is in Redis too.
  await request(serverB).get(watched).expect(200);
  await expect.poll(async () => (await request(serverB).get(watched).expect(200)).headers['x-cache']).toBe('HIT');
  await expect.poll(() => redis.exists(sharedKey(watched))).toBe(1);

  await request(serverA).patch(`/api/admin/articles/${article.id}`).set(editor).send({ title: 'Hobart data centre switches to wind power' }).expect(200);

  await expect.poll(() => purges.find((purge) => purge.keys.split(' ').includes(`article:${article.id}`))).toBeDefined();
  expect(purges.find((purge) => purge.keys.split(' ').includes(`article:${article.id}`))?.pageInRedis).toBe(true);
  // The proxy's next miss reaching A, which never rendered the page, is a hit with the new text.
  const fromA = await request(serverA).get(watched).expect(200);
  expect(fromA.headers['x-cache']).toBe('HIT');
  expect(fromA.body.title).toBe('Hobart data centre switches to wind power');
});
