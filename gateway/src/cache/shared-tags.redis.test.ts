import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import type { App } from '../app.js';
import { twoAppsOnRedis } from '../test/two-apps-on-redis.js';

/**
 * Purges by tag through Redis: process A commits a correction; process B (which hears of it only
 * through Redis) and the shared tier drop exactly the answers showing the article, and keep the rest.
 */
const site = twoAppsOnRedis('tags');
const PREFIX = site.prefix;
const sharedKey = site.sharedKey;
let a: App;
let b: App;
let editor: Record<string, string>;
let n = 0;
/** A client address per request (TRUST_PROXY is on): no test reaches a rate limit. */
const client = () => `198.51.100.${(n = (n % 250) + 1)}`;

const get = (app: App, path: string) => request(app.app).get(path).set('X-Forwarded-For', client()).expect(200);

beforeAll(async () => {
  a = site.a();
  b = site.b();
  const { token } = await createServices(site.db().orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' });
  editor = { Authorization: `Bearer ${token}` };
});

describe('purges by tag across processes', () => {
  it('a correction on A: B and Redis drop the answers showing it and keep the others', async () => {
    const [corrected, , other] = (await get(a, '/api/articles?limit=3')).body as { id: number }[];
    const shown = `/api/articles/${corrected.id}`;
    const untouched = `/api/articles/${other.id}`;
    // Rendered by A and kept in Redis; B takes them from there.
    for (const path of [shown, untouched]) {
      await get(a, path);
      await expect.poll(() => site.redis().exists(sharedKey(path))).toBe(1);
      await expect.poll(async () => (await get(b, path)).headers['x-cache']).toBe('HIT');
    }

    await request(a.app).patch(shown.replace('/api/', '/api/admin/')).set(editor).set('X-Forwarded-For', client()).send({ title: 'Corrected through process A' }).expect(200);

    // The purge reached Redis before the write's answer: the answer showing it is gone, the other stays.
    await expect.poll(() => site.redis().exists(sharedKey(shown))).toBe(0);
    expect(await site.redis().exists(sharedKey(untouched))).toBe(1);
    // B hears it on the channel (milliseconds) and answers the new text; its other answer is still a hit.
    await expect.poll(async () => (await get(b, shown)).body.title).toBe('Corrected through process A');
    expect((await get(b, untouched)).headers['x-cache']).toBe('HIT');
  });

  it('an answer whose render began before a purge of its tags is not stored in Redis afterwards', async () => {
    const path = '/api/articles?limit=2';
    const { body } = await get(a, '/api/articles?limit=1');
    // The purge number is taken now; a render that began before it (started at -1 here) is refused.
    const purged = await site.redis().incr(`${PREFIX}:content-generation`);
    await site.redis().set(`${PREFIX}:purged:article:${(body as { id: number }[])[0].id}`, String(purged), 'PX', 60_000);
    await site.redis().set(`${PREFIX}:purged:articles`, String(purged), 'PX', 60_000);
    // B's bus has not heard of that purge: its render began "before" it, and must not be kept.
    await get(b, path);
    await expect.poll(async () => (await get(b, path)).headers['x-cache']).toBe('HIT');
    // An answer with no purged tag, stored after it on the same connection: once it is in Redis, the first store was decided.
    await get(b, '/api/breaking-news');
    await expect.poll(() => site.redis().exists(sharedKey('/api/breaking-news'))).toBe(1);
    expect(await site.redis().exists(sharedKey(path))).toBe(0);
  });
});
