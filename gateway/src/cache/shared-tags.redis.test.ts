import { createHash, randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, createServices, type Orm } from '../../../schema/src/index.js';
import { createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { type App, createApp } from '../app.js';
import { loadConfig } from '../config/config.js';

/**
 * Purges by tag through Redis: process A commits a correction; process B (which hears of it only
 * through Redis) and the shared tier drop exactly the answers showing the article, and keep the rest.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const PREFIX = `test-tags-${randomUUID().slice(0, 8)}`;

let db: TestDatabase;
let secondOrm: Orm | null = null;
let a: App;
let b: App;
let redis: Redis;
let editor: Record<string, string>;
let n = 0;
/** A client address per request (TRUST_PROXY is on): no test reaches a rate limit. */
const client = () => `198.51.100.${(n = (n % 250) + 1)}`;

const config = () => loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au', REDIS_URL, REDIS_KEY_PREFIX: PREFIX, TRUST_PROXY: 'loopback' });
const get = (app: App, path: string) => request(app.app).get(path).set('X-Forwarded-For', client()).expect(200);
/** The shared tier's key of an anonymous GET (shared-tier.ts): the hash of the response cache's key. */
const sharedKey = (path: string) => `${PREFIX}:answer:${createHash('sha256').update(`|${path}`).digest('base64url')}`;

beforeAll(async () => {
  db = await createTestDatabase();
  secondOrm = db.target.kind === 'postgres' ? await createOrm(db.target) : null;
  a = await createApp({ config: config(), orm: db.orm, logger: pino({ level: 'silent' }) });
  // B hears of no change in its own process, as a second process would not.
  b = await createApp({ config: config(), orm: secondOrm ?? db.orm, logger: pino({ level: 'silent' }), contentChanges: () => () => undefined });
  redis = new Redis(REDIS_URL);
  const { token } = await createServices(db.orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' });
  editor = { Authorization: `Bearer ${token}` };
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await secondOrm?.close(true);
  await db?.close();
  const keys = await redis.keys(`${PREFIX}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('purges by tag across processes', () => {
  it('a correction on A: B and Redis drop the answers showing it and keep the others', async () => {
    const [corrected, , other] = (await get(a, '/api/articles?limit=3')).body as { id: number }[];
    const shown = `/api/articles/${corrected.id}`;
    const untouched = `/api/articles/${other.id}`;
    // Rendered by A and kept in Redis; B takes them from there.
    for (const path of [shown, untouched]) {
      await get(a, path);
      await expect.poll(() => redis.exists(sharedKey(path))).toBe(1);
      await expect.poll(async () => (await get(b, path)).headers['x-cache']).toBe('HIT');
    }

    await request(a.app).patch(shown.replace('/api/', '/api/admin/')).set(editor).set('X-Forwarded-For', client()).send({ title: 'Corrected through process A' }).expect(200);

    // The purge reached Redis before the write's answer: the answer showing it is gone, the other stays.
    await expect.poll(() => redis.exists(sharedKey(shown))).toBe(0);
    expect(await redis.exists(sharedKey(untouched))).toBe(1);
    // B hears it on the channel (milliseconds) and answers the new text; its other answer is still a hit.
    await expect.poll(async () => (await get(b, shown)).body.title).toBe('Corrected through process A');
    expect((await get(b, untouched)).headers['x-cache']).toBe('HIT');
  });

  it('an answer whose render began before a purge of its tags is not stored in Redis afterwards', async () => {
    const path = '/api/articles?limit=2';
    const { body } = await get(a, '/api/articles?limit=1');
    // The purge number is taken now; a render that began before it (started at -1 here) is refused.
    const purged = await redis.incr(`${PREFIX}:content-generation`);
    await redis.set(`${PREFIX}:purged:article:${(body as { id: number }[])[0].id}`, String(purged), 'PX', 60_000);
    await redis.set(`${PREFIX}:purged:articles`, String(purged), 'PX', 60_000);
    // B's bus has not heard of that purge: its render began "before" it, and must not be kept.
    await get(b, path);
    await expect.poll(async () => (await get(b, path)).headers['x-cache']).toBe('HIT');
    // An answer with no purged tag, stored after it on the same connection: once it is in Redis, the first store was decided.
    await get(b, '/api/breaking-news');
    await expect.poll(() => redis.exists(sharedKey('/api/breaking-news'))).toBe(1);
    expect(await redis.exists(sharedKey(path))).toBe(0);
  });
});
