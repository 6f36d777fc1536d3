import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, type Orm } from '../../../schema/src/index.js';
import { ContactMessage, createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { createApp, type App } from '../app.js';
import { loadConfig } from '../config/config.js';
import { createTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';

const inquiry = { name: 'Outage Tester', email: 'outage@example.com.au', subject: 'Still there?', message: 'Testing the outage path.' };

describe('database outage (PostgreSQL)', () => {
  let db: TestDatabase;
  let orm: Orm;
  let app: App;
  let proxy: TcpProxy;

  beforeAll(async () => {
    db = await createTestDatabase();
    if (db.target.kind !== 'postgres') throw new Error('this suite needs TEST_DATABASE_URL');
    const url = new URL(db.target.url);
    proxy = await createTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    orm = await createOrm({ kind: 'postgres', url: url.toString() });
    app = await createApp({ config: loadConfig({ NODE_ENV: 'production' }), orm, logger: pino({ level: 'silent' }) });
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await orm?.close(true);
    await db?.close();
  });

  it('answers 503 while the database is down, without waiting for it, stores nothing, and recovers without a restart', async () => {
    await request(app.app).post('/api/contact').send(inquiry).expect(201);

    // Answered while the database stays down: a request that waited for it to come back would hang
    // here (and fail by the test's timeout).
    await proxy.down();
    const rest = await request(app.app).post('/api/contact').send({ ...inquiry, subject: 'During the outage' });
    expect(rest.status).toBe(503);
    expect(rest.body.message).toMatch(/temporarily unavailable: nothing was stored/);
    const gql = await request(app.app)
      .post('/graphql')
      .send({ query: 'mutation($i: ContactMessageInput!) { submitContactMessage(input: $i) { id } }', variables: { i: inquiry } });
    expect(gql.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    expect(JSON.stringify(gql.body)).not.toMatch(/ECONNREFUSED|stack/);
    expect((await request(app.app).get('/readyz')).status).toBe(503);
    expect((await request(app.app).get('/api/articles')).status).toBe(503);

    await proxy.up();
    const back = await request(app.app).post('/api/contact').send({ ...inquiry, subject: 'After the outage' });
    expect(back.status).toBe(201);
    // Readiness is checked at most once a second: it follows.
    await expect.poll(async () => (await request(app.app).get('/readyz')).status).toBe(200);

    const subjects = (await db.orm.em.fork().find(ContactMessage, {}, { orderBy: { id: 'asc' } })).map((m) => m.subject);
    expect(subjects).toEqual(['Still there?', 'After the outage']);
  });
});
