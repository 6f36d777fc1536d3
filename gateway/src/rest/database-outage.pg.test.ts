import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrm, type Orm } from '../../../schema/src/index.js';
import { ContactMessage, createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { createApp, type App } from '../app.js';
import { loadConfig } from '../config/config.js';

/**
 * A TCP proxy in front of PostgreSQL that can cut the database off and bring it back, so the
 * outage is real: refused connections and dropped sockets, not a mock.
 */
async function createProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    async down() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    async up() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
  };
}

const inquiry = { name: 'Outage Tester', email: 'outage@example.com.au', subject: 'Still there?', message: 'Testing the outage path.' };

describe('database outage (PostgreSQL)', () => {
  let db: TestDatabase;
  let orm: Orm;
  let app: App;
  let proxy: Awaited<ReturnType<typeof createProxy>>;

  beforeAll(async () => {
    db = await createTestDatabase();
    if (db.target.kind !== 'postgres') throw new Error('this suite needs TEST_DATABASE_URL');
    const url = new URL(db.target.url);
    proxy = await createProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    orm = await createOrm({ kind: 'postgres', url: url.toString() });
    app = await createApp({ config: loadConfig({ NODE_ENV: 'production' }), orm, logger: pino({ level: 'silent' }) });
  });
  afterAll(async () => {
    await app?.close();
    await orm?.close(true);
    await db?.close();
  });

  it('answers 503 quickly while the database is down, stores nothing, and recovers without a restart', async () => {
    await request(app.app).post('/api/contact').send(inquiry).expect(201);

    await proxy.down();
    const started = Date.now();
    const rest = await request(app.app).post('/api/contact').send({ ...inquiry, subject: 'During the outage' });
    expect(rest.status).toBe(503);
    expect(rest.body.message).toMatch(/temporarily unavailable: nothing was stored/);
    expect(Date.now() - started).toBeLessThan(5_000);
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
    await request(app.app).get('/readyz').expect(200);

    const subjects = (await db.orm.em.fork().find(ContactMessage, {}, { orderBy: { id: 'asc' } })).map((m) => m.subject);
    expect(subjects).toEqual(['Still there?', 'After the outage']);
  });
});
