import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { pino, type Logger } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelDatabaseWork, createOrm, type Orm, type PoolSettings } from '../../../schema/src/index.js';
import { ContactMessage, createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { createApp, type App } from '../app.js';
import { type Config, loadConfig } from '../config/config.js';
import { createWeb } from '../ssr/web.js';
import { createTcpProxy, throughProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { createShutdown } from './graceful-shutdown.js';
import { createHttpServer } from './http-server.js';

/**
 * Faults on a real PostgreSQL, cut off through a TCP proxy: last good copies during an outage,
 * safe retries with Idempotency-Key, a pool that queues a burst, a shutdown that keeps its promise,
 * and a few log lines per outage.
 */

const ENV = { NODE_ENV: 'production', SITE_URL: 'https://news.example.au', CONTACT_RATE_LIMIT: '100000', API_RATE_LIMIT: '1000000', PAGE_RATE_LIMIT: '1000000' };
const inquiry = { name: 'Fault Tester', email: 'faults@example.com.au', subject: 'Degrading honestly', message: 'Testing what a fault costs.' };
const silent = pino({ level: 'silent' });

interface Setup {
  proxy: TcpProxy;
  orm: Orm;
  app: App;
  config: Config;
  close(): Promise<void>;
}

let db: TestDatabase;
let url: string;

beforeAll(async () => {
  db = await createTestDatabase();
  if (db.target.kind !== 'postgres') throw new Error('this suite needs TEST_DATABASE_URL');
  url = db.target.url;
});
afterAll(async () => {
  await db?.close();
});

/** The gateway on the test database through its own proxy, with its own pool. */
async function setup(options: { env?: Record<string, string>; pool?: Partial<PoolSettings>; web?: boolean; logger?: Logger } = {}): Promise<Setup> {
  const proxy = await createTcpProxy({ host: new URL(url).hostname, port: Number(new URL(url).port || 5432) });
  const proxied = throughProxy(url, proxy);
  const config = loadConfig({ ...ENV, ...options.env, DATABASE_URL: proxied });
  const orm = await createOrm({ kind: 'postgres', url: proxied }, {}, { ...config.pool, ...options.pool });
  const app = await createApp({
    config,
    orm,
    logger: options.logger ?? silent,
    web: options.web ? (contextFor) => createWeb({ config, contextFor, mode: 'source' }) : undefined,
  });
  return {
    proxy,
    orm,
    app,
    config,
    async close() {
      await app.close();
      await orm.close(true);
      await proxy.close();
    },
  };
}

/** Holds an exclusive lock on contact_message from outside the app: every insert waits until release. */
async function lockInquiries() {
  const locker = new pg.Client({ connectionString: url });
  await locker.connect();
  await locker.query('begin');
  await locker.query('lock table contact_message in exclusive mode');
  return {
    /** Sessions waiting for the lock (the app's blocked inserts). */
    async waiting(): Promise<number> {
      // Activity statistics are a snapshot held for the transaction: take a new one each time.
      await locker.query('select pg_stat_clear_snapshot()');
      const { rows } = await locker.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      return rows[0].n;
    },
    async release() {
      await locker.query('commit');
      await locker.end();
    },
  };
}

const countBySubject = (subject: string) => db.orm.em.fork().count(ContactMessage, { subject });

/** Requests waiting in the app's pool for a connection to come free. */
async function queuedInPool(orm: Orm): Promise<number> {
  const connection = orm.em.getConnection() as unknown as { getNativeClient(): Promise<{ waitingCount: number }> };
  return (await connection.getNativeClient()).waitingCount;
}

/** Sends requests at once and counts those answered so far. */
function burstOf<T>(requests: (() => PromiseLike<T>)[]) {
  let answered = 0;
  const all = Promise.all(
    requests.map((send) =>
      Promise.resolve(send()).then((answer) => {
        answered += 1;
        return answer;
      }),
    ),
  );
  return { all, answered: () => answered };
}

describe('last good page during an outage', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({ web: true });
  }, 120_000);
  afterAll(() => s?.close());

  it('serves cached pages and API reads stale and marked, and answers the rest 503 with Retry-After and no-store', async () => {
    const [latest] = (await request(s.app.app).get('/api/articles?limit=1').expect(200)).body;
    await request(s.app.app).get('/').expect(200);
    await expect.poll(async () => (await request(s.app.app).get('/').expect(200)).headers['x-cache']).toBe('HIT');
    await expect.poll(async () => (await request(s.app.app).get('/api/articles?limit=5').expect(200)).headers['x-cache']).toBe('HIT');
    // Content changed since: the copies are no longer fresh, but they stay the last good ones.
    s.app.cache!.invalidate();

    await s.proxy.down();
    const page = await request(s.app.app).get('/');
    expect(page.status).toBe(200);
    expect(page.headers['x-cache']).toBe('STALE');
    expect(page.headers.warning).toMatch(/^110 /);
    expect(Number(page.headers.age)).toBeGreaterThanOrEqual(0);
    expect(page.headers['cache-control']).not.toMatch(/s-maxage/);
    expect(page.text).toContain('Latest Tech News');

    const api = await request(s.app.app).get('/api/articles?limit=5');
    expect(api.status).toBe(200);
    expect(api.headers['x-cache']).toBe('STALE');
    expect(api.headers.warning).toMatch(/Response is Stale/);
    expect(api.body).toHaveLength(5);

    const uncachedPage = await request(s.app.app).get(`/categories/${latest.categorySlug}`);
    expect(uncachedPage.status).toBe(503);
    expect(uncachedPage.headers['retry-after']).toMatch(/^\d+$/);
    expect(uncachedPage.headers['cache-control']).toBe('no-store');
    expect(uncachedPage.headers.etag).toBeUndefined();
    expect(uncachedPage.headers['content-type']).toMatch(/html/);
    expect(uncachedPage.text).toContain('The news is briefly unavailable');
    // Styled as the site: its frame and critical CSS, its own CSP for them.
    expect(uncachedPage.text).toMatch(/<style data-emotion="css/);
    expect(uncachedPage.text).toContain('<footer');
    expect(uncachedPage.headers['content-security-policy']).toMatch(/style-src/);
    expect(uncachedPage.text).not.toMatch(/couldn.t load the latest news/);

    const uncachedApi = await request(s.app.app).get('/api/articles?limit=2');
    expect(uncachedApi.status).toBe(503);
    expect(uncachedApi.headers['retry-after']).toMatch(/^\d+$/);
    expect(uncachedApi.headers['cache-control']).toBe('no-store');
    // A read's wording: nothing about storing.
    expect(uncachedApi.body.message).toMatch(/briefly unavailable/);
    expect(uncachedApi.body.message).not.toMatch(/stored/);

    await s.proxy.up();
    await expect.poll(async () => (await request(s.app.app).get('/api/articles?limit=2')).status, { timeout: 10_000 }).toBe(200);
    const fresh = await request(s.app.app).get('/');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.warning).toBeUndefined();
  });
});

describe('safe retries with Idempotency-Key', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });
  afterAll(() => s?.close());

  it('stores one row for a retried key, even across an outage, and refuses a different body with 422', async () => {
    const subject = 'Idempotent across an outage';
    const body = { ...inquiry, subject };
    const first = await request(s.app.app).post('/api/contact').set('Idempotency-Key', 'retry-key-1').send(body).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // The answer was lost, the client retries while the database is out: 503, safe to retry.
    await s.proxy.down();
    const during = await request(s.app.app).post('/api/contact').set('Idempotency-Key', 'retry-key-1').send(body);
    expect(during.status).toBe(503);
    expect(during.headers['retry-after']).toMatch(/^\d+$/);
    expect(during.body.message).toMatch(/nothing was stored/);
    // A new message sent during the outage, with its own key.
    const newDuring = await request(s.app.app).post('/api/contact').set('Idempotency-Key', 'retry-key-2').send({ ...body, message: 'Second message.' });
    expect(newDuring.status).toBe(503);
    await s.proxy.up();

    const again = await request(s.app.app).post('/api/contact').set('Idempotency-Key', 'retry-key-1').send(body);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);

    const secondRetry = await request(s.app.app).post('/api/contact').set('Idempotency-Key', 'retry-key-2').send({ ...body, message: 'Second message.' }).expect(201);
    const secondReplay = await request(s.app.app).post('/api/contact').set('Idempotency-Key', 'retry-key-2').send({ ...body, message: 'Second message.' }).expect(201);
    expect(secondReplay.body.reference).toBe(secondRetry.body.reference);

    const different = await request(s.app.app).post('/api/contact').set('Idempotency-Key', 'retry-key-1').send({ ...body, message: 'Another message' });
    expect(different.status).toBe(422);
    expect(different.headers['cache-control']).toBe('no-store');
    expect(different.body.message).toMatch(/Idempotency-Key was already used for a different message/);

    // GraphQL: the same key as a field answers the same receipt.
    const gql = await request(s.app.app)
      .post('/graphql')
      .send({
        query: 'mutation($i: ContactMessageInput!) { submitContactMessage(input: $i) { reference } }',
        variables: { i: { ...body, idempotencyKey: 'retry-key-1' } },
      })
      .expect(200);
    expect(gql.body.data.submitContactMessage.reference).toBe(first.body.reference);

    expect(await countBySubject(subject)).toBe(2);
  });
});

describe('a pool that waits, within bounds', () => {
  it('queues a burst of 30 slow inserts on a pool of 10: all succeed while the database is healthy', async () => {
    const s = await setup();
    try {
      expect(s.config.pool.size).toBe(10);
      const subject = 'Burst of slow inserts';
      const lock = await lockInquiries();
      const burst = Array.from({ length: 30 }, (_, i) => request(s.app.app).post('/api/contact').send({ ...inquiry, subject, message: `Burst ${i}` }).then((r) => r));
      // Ten inserts hold the pool's connections, blocked; the other twenty wait in its queue.
      await expect.poll(() => lock.waiting()).toBe(10);
      await expect.poll(() => queuedInPool(s.orm)).toBe(20);
      await lock.release();
      const answers = await Promise.all(burst);
      expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
      expect(await countBySubject(subject)).toBe(30);
      expect(s.app.health.state).toBe('up');
    } finally {
      await s.close();
    }
  });

  it('refuses requests beyond a full queue at once with 503, Retry-After and a message saying so', async () => {
    const s = await setup({ pool: { size: 2, queueLimit: 3 } });
    try {
      const subject = 'Beyond the queue';
      const lock = await lockInquiries();
      const burst = burstOf(Array.from({ length: 10 }, (_, i) => () => request(s.app.app).post('/api/contact').send({ ...inquiry, subject, message: `Queued ${i}` })));
      // Two inserts blocked on the connections, three in the queue, and the five beyond it answered at once.
      await expect.poll(() => lock.waiting()).toBe(2);
      await expect.poll(burst.answered).toBe(5);
      expect(await queuedInPool(s.orm)).toBe(3);
      await lock.release();
      const answers = await burst.all;
      const refused = answers.filter((a) => a.status === 503);
      const stored = answers.filter((a) => a.status === 201);
      expect(refused.length).toBe(5);
      expect(stored.length).toBe(5);
      for (const answer of refused) {
        expect(answer.headers['retry-after']).toMatch(/^\d+$/);
        expect(answer.body.message).toMatch(/busy: every database connection is in use and the wait queue is full; nothing was stored/);
      }
      expect(await countBySubject(subject)).toBe(5);
      // A busy pool is not an outage.
      expect(s.app.health.state).toBe('up');
    } finally {
      await s.close();
    }
  });

  it('gives up a wait past the acquire timeout with a busy 503, not an outage', async () => {
    const s = await setup({ pool: { size: 1, acquireTimeoutMs: 300 } });
    try {
      const lock = await lockInquiries();
      const holder = request(s.app.app).post('/api/contact').send({ ...inquiry, subject: 'Holds the only connection' }).then((r) => r);
      await expect.poll(() => lock.waiting()).toBe(1);
      const waiter = await request(s.app.app).post('/api/contact').send({ ...inquiry, subject: 'Waits too long' });
      expect(waiter.status).toBe(503);
      expect(waiter.body.message).toMatch(/busy/);
      await lock.release();
      expect((await holder).status).toBe(201);
      expect(s.app.health.state).toBe('up');
    } finally {
      await s.close();
    }
  });
});

describe('shutdown that keeps its promise', () => {
  it('cancels blocked writes on the database side at the timeout: nothing stored without an answer, bounded exit', async () => {
    const s = await setup();
    const server = createHttpServer(s.app.app, s.config.http);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const subject = 'Blocked at shutdown';
    const lock = await lockInquiries();
    const post = (i: number) =>
      new Promise<number | 'closed'>((resolve) => {
        const body = JSON.stringify({ ...inquiry, subject, message: `Blocked ${i}` });
        const req = http.request(
          { host: '127.0.0.1', port, path: '/api/contact', method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', () => resolve('closed'));
          },
        );
        req.on('error', () => resolve('closed'));
        req.end(body);
      });
    const clients = Array.from({ length: 5 }, (_, i) => post(i));
    await expect.poll(() => lock.waiting()).toBe(5);

    const timeoutMs = 800;
    // A timer as long as the timeout, set first, runs before the shutdown's own (Node runs timers of
    // one length in the order they were set): the cancel comes after it, however late both run.
    let timeoutPassed = false;
    setTimeout(() => (timeoutPassed = true), timeoutMs);
    let cancelledAfterTimeout: boolean | null = null;
    const clean = await createShutdown({
      server,
      readiness: s.app.readiness,
      graceMs: 0,
      timeoutMs,
      cancelInFlight: () => {
        cancelledAfterTimeout = timeoutPassed;
        s.app.stopWrites();
        return cancelDatabaseWork(s.orm);
      },
      closers: [() => s.app.close(), () => s.orm.close(true)],
      logger: silent,
    })('SIGTERM');
    expect(clean).toBe(false);
    expect(cancelledAfterTimeout).toBe(true);

    // No statement is left waiting on the database side, so none can commit once the lock goes
    // (after the process would have exited).
    await expect.poll(() => lock.waiting()).toBe(0);
    await lock.release();
    const answers = await Promise.all(clients);
    const stored = await countBySubject(subject);
    expect(stored).toBe(answers.filter((a) => a === 201).length);
    expect(stored).toBe(0);
    // Each blocked client heard a 503 it may retry, before its socket closed.
    expect(answers).toEqual(Array(5).fill(503));
    await s.proxy.close();
  });
});

describe('quiet logs during an outage', () => {
  it('writes a handful of lines for an outage under load: unreachable, back after N s with M refused', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const s = await setup({ logger });
    try {
      await request(s.app.app).get('/api/articles?limit=1').expect(200);
      lines.length = 0;
      await s.proxy.down();
      let refused = 0;
      // Eight clients, each reading and writing twelve times while the database is away.
      await Promise.all(
        Array.from({ length: 8 }, async (_, worker) => {
          for (let i = 0; i < 12; i++) {
            const read = await request(s.app.app).get(`/api/articles?limit=${2 + ((worker * 7 + i) % 90)}`);
            const write = await request(s.app.app).post('/api/contact').send({ ...inquiry, subject: 'During the log test' });
            refused += Number(read.status === 503) + Number(write.status === 503);
          }
        }),
      );
      await s.proxy.up();
      await expect.poll(() => lines.some((l) => l.includes('database back after'))).toBe(true);

      expect(refused).toBeGreaterThan(50);
      expect(lines.length).toBeLessThanOrEqual(5);
      expect(lines.filter((l) => l.includes('database unreachable'))).toHaveLength(1);
      const back = lines.find((l) => l.includes('database back after'))!;
      expect(JSON.parse(back).msg).toMatch(new RegExp(`^database back after \\d+ s, ${refused} requests refused$`));
      expect(lines.join('')).not.toMatch(/"stack"|\n\s+at /);
      expect(lines.join('').length).toBeLessThan(2_000);
    } finally {
      await s.close();
    }
  });
});
