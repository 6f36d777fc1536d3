import type { MikroORM } from '@mikro-orm/core';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, createServices } from '../../../schema/src/index.js';
import { createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { type App, createApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { DatabaseMessageQueue } from './database-stores.js';

/** Two processes of the site on one PostgreSQL database: one key per account, each task handled once. */
let db: TestDatabase;
let secondOrm: MikroORM;
const apps: App[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  if (db.target.kind !== 'postgres') throw new Error('this suite needs TEST_DATABASE_URL');
  secondOrm = await createOrm(db.target);
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au' });
  for (const orm of [db.orm, secondOrm]) apps.push(await createApp({ config, orm, logger: pino({ level: 'silent' }), contentChanges: () => () => undefined }));
}, 120_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await secondOrm?.close(true);
  await db?.close();
});

describe('ActivityPub state in PostgreSQL', () => {
  it('answers the same key for an account from both processes, asked at the same moment', async () => {
    const keyOf = async (app: App) => (await request(app.app).get('/ap/actors/cybersecurity').set('Accept', 'application/activity+json').expect(200)).body.publicKey.publicKeyPem as string;
    const [first, second] = await Promise.all(apps.map(keyOf));
    expect(first).toMatch(/BEGIN PUBLIC KEY/);
    expect(second).toBe(first);
    expect(await keyOf(apps[0])).toBe(first);
  });

  it('hands each queued task to one process only', async () => {
    // A database of its own: the apps' queues must not take these tasks.
    const own = await createTestDatabase({ seed: false });
    const ownSecond = await createOrm(own.target);
    const handled: number[] = [];
    const queues = [own.orm, ownSecond].map((orm) => new DatabaseMessageQueue(() => createServices(orm.em.fork()).fediverseStore, { pollMs: 10, batch: 3 }));
    for (const q of queues)
      void q.listen(async (message) => {
        handled.push((message as { n: number }).n);
        await new Promise((resolve) => setImmediate(resolve));
      });
    await queues[0].enqueueMany(Array.from({ length: 60 }, (_, n) => ({ n })));
    await expect.poll(() => handled.length, { timeout: 20_000 }).toBe(60);
    await Promise.all(queues.map((q) => q.close()));
    await ownSecond.close(true);
    await own.close();
    expect(new Set(handled).size).toBe(60);
  });
});
