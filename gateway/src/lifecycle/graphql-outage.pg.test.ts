import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, type Orm } from '../../../schema/src/index.js';
import { createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { type App, createApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { createTcpProxy, throughProxy, type TcpProxy } from '../test/tcp-proxy.js';

/**
 * GraphQL reads during a database outage answer as REST reads do: HTTP 503 with Retry-After when
 * every error is SERVICE_UNAVAILABLE, and the last good copy when the response cache holds one.
 */

let db: TestDatabase;
let proxy: TcpProxy;
let orm: Orm;
let app: App;

beforeAll(async () => {
  db = await createTestDatabase();
  if (db.target.kind !== 'postgres') throw new Error('this suite needs TEST_DATABASE_URL');
  proxy = await createTcpProxy({ host: new URL(db.target.url).hostname, port: Number(new URL(db.target.url).port || 5432) });
  const url = throughProxy(db.target.url, proxy);
  const config = loadConfig({ NODE_ENV: 'production', SITE_URL: 'https://news.example.au', DATABASE_URL: url, API_RATE_LIMIT: '100000' });
  orm = await createOrm({ kind: 'postgres', url }, {}, config.pool);
  app = await createApp({ config, orm, logger: pino({ level: 'silent' }) });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await orm?.close(true);
  await proxy?.close();
  await db?.close();
});

const query = (q: string) => request(app.app).post('/graphql').set('Content-Type', 'application/json').send({ query: q });

describe('GraphQL reads while the database is unreachable', () => {
  it('answers 503 with Retry-After and no-store, or the last good copy marked stale', async () => {
    const kept = '{ categories { slug name } }';
    await query(kept).expect(200);
    await expect.poll(async () => (await query(kept)).headers['x-cache']).toBe('HIT');
    // Content changed since: the copy is no longer fresh, but it stays the last good one.
    app.cache!.invalidate();

    await proxy.down();
    try {
      const stale = await query(kept);
      expect(stale.status).toBe(200);
      expect(stale.headers['x-cache']).toBe('STALE');
      expect(stale.body.data.categories.length).toBeGreaterThan(0);

      const refused = await query('{ breakingNews { id } }');
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await proxy.up();
    }
    await expect.poll(async () => (await query('{ breakingNews { id } }')).status, { timeout: 15_000 }).toBe(200);
  }, 60_000);

  it('leaves an answer with other errors as it was', async () => {
    const bad = await query('{ nope }');
    expect(bad.status).toBe(400);
  });
});
