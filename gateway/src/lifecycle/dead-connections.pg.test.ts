import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, type Orm } from '../../../schema/src/index.js';
import { ContactMessage, createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { type App, createApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { createTcpProxy, throughProxy, type TcpProxy } from '../test/tcp-proxy.js';

/**
 * A network that drops the database's packets silently (no reset, no refusal): a statement that
 * gets no answer becomes a 503 with Retry-After within the query timeout, its connection is thrown
 * away rather than failing later requests, and a write whose COMMIT got no answer says that it may
 * or may not have been stored.
 */

const inquiry = { name: 'Silent Network', email: 'silent@example.com.au', subject: 'Dropped packets', message: 'Sent while the network drops packets.' };
/** The transaction's last statement, as pg sends it (a simple query). */
const COMMIT = /^Q[\s\S]{4}commit\0/i;

let db: TestDatabase;
let proxy: TcpProxy;
let orm: Orm;
let app: App;

beforeAll(async () => {
  db = await createTestDatabase();
  if (db.target.kind !== 'postgres') throw new Error('this suite needs TEST_DATABASE_URL');
  proxy = await createTcpProxy({ host: new URL(db.target.url).hostname, port: Number(new URL(db.target.url).port || 5432) });
  const url = throughProxy(db.target.url, proxy);
  // One connection: the one that stopped answering is the one the next request would get.
  const config = loadConfig({
    NODE_ENV: 'production',
    SITE_URL: 'https://news.example.au',
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: '1',
    DATABASE_QUERY_TIMEOUT_MS: '500',
    DATABASE_CONNECT_TIMEOUT_MS: '500',
    RESPONSE_CACHE_TTL_SECONDS: '0',
    CONTACT_RATE_LIMIT: '1000',
    API_RATE_LIMIT: '100000',
  });
  orm = await createOrm({ kind: 'postgres', url }, {}, config.pool);
  app = await createApp({ config, orm, logger: pino({ level: 'silent' }) });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await orm?.close(true);
  await proxy?.close();
  await db?.close();
});

describe('a database connection that stops answering', () => {
  it('answers 503 with Retry-After (a write: it may or may not be stored), and drops the connection so the next request after the network is back succeeds', async () => {
    await request(app.app).get('/api/articles?limit=1').expect(200);
    proxy.blackhole();
    const write = await request(app.app).post('/api/contact').set('Idempotency-Key', 'silent-network-0000').send({ ...inquiry, subject: 'Unanswered' });
    expect(write.status).toBe(503);
    expect(write.headers['retry-after']).toMatch(/^\d+$/);
    expect(write.body.message).toMatch(/may or may not have been stored.+same Idempotency-Key/);
    const refused = await request(app.app).get('/api/articles?limit=2');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body.message).toMatch(/briefly unavailable/);

    proxy.heal();
    // The dead connection is gone: a new one answers the very next request.
    await request(app.app).get('/api/articles?limit=3').expect(200);
    await request(app.app).get('/api/articles?limit=4').expect(200);
  }, 60_000);

  it('says a write whose COMMIT went unanswered may or may not be stored, and a retry with the same key stores it once', async () => {
    const key = 'silent-network-0001';
    proxy.blackhole((chunk) => COMMIT.test(chunk.toString('latin1')));
    const unknown = await request(app.app).post('/api/contact').set('Idempotency-Key', key).send(inquiry);
    expect(unknown.status).toBe(503);
    expect(unknown.headers['retry-after']).toMatch(/^\d+$/);
    expect(unknown.body.message).toMatch(/may or may not have been stored.+same Idempotency-Key/);

    proxy.heal();
    // The server ends the abandoned transaction on its own (it held the key's row): retry until then.
    await expect.poll(async () => (await request(app.app).post('/api/contact').set('Idempotency-Key', key).send(inquiry)).status, { timeout: 20_000 }).toBe(201);
    expect(await db.orm.em.fork().count(ContactMessage, { subject: inquiry.subject })).toBe(1);
  }, 60_000);
});
