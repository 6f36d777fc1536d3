import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startWebSubPinger, type WebSubPinger } from './websub-pinger.js';

const SITE = 'https://news.example.au';
const ADMIN_TOKEN = 'owner-token-0123456789abcdef';

/** A WebSub hub on a loopback port: it records each publish ping, answering the statuses it is given first. */
interface TestHub {
  url: string;
  pings: { mode: string | null; topic: string | null; type: string | undefined }[];
  /** Statuses for the next requests, then 204. */
  failNext: number[];
  close(): Promise<void>;
}

async function startHub(): Promise<TestHub> {
  const hub: Omit<TestHub, 'url' | 'close'> = { pings: [], failNext: [] };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const status = hub.failNext.shift();
      if (status) {
        res.writeHead(status).end();
        return;
      }
      const form = new URLSearchParams(body);
      hub.pings.push({ mode: form.get('hub.mode'), topic: form.get('hub.url'), type: req.headers['content-type'] });
      res.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return Object.assign(hub, { url: `http://127.0.0.1:${port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
}

/** Polls until the condition holds, failing at the deadline. */
async function until(condition: () => boolean, what: string, deadlineMs = 20_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const count = (hub: TestHub, topic: string) => hub.pings.filter((p) => p.topic === topic).length;

describe('WebSub pings from the site', () => {
  let hub: TestHub;
  let t: TestApp;
  beforeAll(async () => {
    hub = await startHub();
    t = await createTestApp({ WEBSUB_HUB_URL: hub.url, ADMIN_TOKEN });
  });
  afterAll(async () => {
    await t.close();
    await hub.close();
  });

  it('pings every feed once at start, so a ping a stopped process owed is never lost', async () => {
    const categories = await createServices(t.db.orm.em.fork()).categories.list();
    const feeds = ['', ...categories.map((c) => `/categories/${c.slug}`)].flatMap((base) => [`${SITE}${base}/rss.xml`, `${SITE}${base}/feed.json`]);
    await until(() => feeds.every((feed) => count(hub, feed) >= 1), 'the start-up pings');
    expect(hub.pings[0]).toMatchObject({ mode: 'publish', type: 'application/x-www-form-urlencoded' });
  });

  it('pings the feeds again after a publish, outside the editor request', async () => {
    const before = count(hub, `${SITE}/feed.json`);
    await request(t.app)
      .post('/api/admin/articles')
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .send({ title: 'Hobart lab opens a hydrogen test bed', excerpt: 'The lab tests electrolysers.', content: 'A Hobart lab opened a hydrogen test bed this week. It tests electrolysers.', category: 'artificial-intelligence', author: 'Alex Nguyen' })
      .expect(201);
    await until(() => count(hub, `${SITE}/feed.json`) > before && count(hub, `${SITE}/rss.xml`) > before, 'the publish ping');
  });
});

describe('WebSub pinger retries', () => {
  let hub: TestHub;
  let pinger: WebSubPinger | null = null;
  beforeAll(async () => {
    hub = await startHub();
  });
  afterEach(async () => {
    await pinger?.stop();
  });
  afterAll(async () => {
    await hub.close();
  });

  it('keeps a topic the hub refused and sends it again with backoff until it is taken', async () => {
    hub.failNext = [503, 500, 503];
    pinger = startWebSubPinger({ hubUrl: hub.url, topics: async () => [`${SITE}/feed.json`], logger: pino({ level: 'silent' }), debounceMs: 1, retryMs: 5 });
    await until(() => count(hub, `${SITE}/feed.json`) === 1 && pinger!.pending() === 0, 'the ping after three refusals');
    expect(hub.failNext).toEqual([]);
  });

  it('retries a round whose feeds could not be listed', async () => {
    let calls = 0;
    pinger = startWebSubPinger({
      hubUrl: hub.url,
      topics: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
        return [`${SITE}/rss.xml?round`];
      },
      logger: pino({ level: 'silent' }),
      debounceMs: 1,
      retryMs: 5,
    });
    await until(() => count(hub, `${SITE}/rss.xml?round`) === 1, 'the ping after the listing failed');
  });
});
