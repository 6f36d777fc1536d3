import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { startFeedIngestJob } from './feed-ingest-job.js';

/**
 * The periodic ingestion of INGEST_FEEDS: it runs by itself, one run at a time across processes
 * (two jobs on one database stand for two processes), logs failures without throwing, and stops.
 */
let db: TestDatabase;
let server: Server;
let base: string;
const hits: Record<string, number> = {};
/** While set, the feed server answers only once it settles: a fetch held in flight, however long the test takes. */
let held: Promise<void> | null = null;

/** Holds every answer of the feed server from now on; the function returned lets them go. */
function holdAnswers(): () => void {
  let release!: () => void;
  held = new Promise<void>((resolve) => (release = resolve));
  return () => {
    held = null;
    release();
  };
}

/** An RSS feed from a Canberra newsroom; each path has items of its own. */
function feedFor(path: string): string {
  const slug = path.replace(/\W+/g, '-');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Capital Circuit</title><link>https://capitalcircuit.example/</link>
<item><title>Canberra agencies move payroll to a sovereign cloud${slug}</title><link>https://capitalcircuit.example/${slug}/payroll-cloud</link>
<guid>capital-${slug}-1</guid><pubDate>Mon, 23 Nov 2026 08:00:00 +1100</pubDate><description>Three departments finished the migration over the long weekend.</description></item>
<item><title>ACT schools roll out a ransomware drill${slug}</title><link>https://capitalcircuit.example/${slug}/ransomware-drill</link>
<guid>capital-${slug}-2</guid><pubDate>Sun, 22 Nov 2026 17:30:00 +1100</pubDate><description>Students and teachers practised a day without the network.</description></item>
</channel></rss>`;
}

function recordingLogger() {
  const lines: { level: number; msg: string; feed?: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

beforeAll(async () => {
  db = await createTestDatabase();
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits[path] = (hits[path] ?? 0) + 1;
    if (path === '/gone') return res.writeHead(410).end();
    const answer = () => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feedFor(path));
    if (held) void held.then(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

const fetch = { allowPrivateAddresses: ['127.0.0.1'] } as const;

async function draftsFrom(path: string): Promise<string[]> {
  const page = await createServices(db.orm.em.fork()).articleEditing.list({ first: 100, state: 'draft' });
  const slug = path.replace(/\W+/g, '-');
  return page.nodes.filter((a) => a.sourceUrl?.includes(`/${slug}/`)).map((a) => a.title);
}

const hitsOn = (path: string) => () => hits[path] ?? 0;

describe('the periodic feed ingestion', () => {
  it('runs by itself, again every interval, and adds each item once as a draft', async () => {
    const { logger, lines } = recordingLogger();
    const job = startFeedIngestJob({ orm: db.orm, logger, feeds: [`${base}/periodic`], intervalMs: 100, firstRunDelayMs: 0, fetch });
    try {
      await expect.poll(hitsOn('/periodic')).toBeGreaterThanOrEqual(3);
    } finally {
      await job.stop();
    }
    expect(await draftsFrom('/periodic')).toHaveLength(2);
    const ingested = lines.filter((l) => l.msg === 'feed ingested');
    expect(ingested[0]).toMatchObject({ feed: `${base}/periodic`, added: 2, duplicates: 0, failed: 0 });
    expect(ingested.at(-1)).toMatchObject({ added: 0, duplicates: 2 });
  });

  it('runs once at a time: across processes by the lease, within one by skipping a tick', async () => {
    const release = holdAnswers();
    const a = startFeedIngestJob({ orm: db.orm, logger: pino({ level: 'silent' }), feeds: [`${base}/single`], intervalMs: 3_600_000, firstRunDelayMs: 3_600_000, fetch });
    const b = startFeedIngestJob({ orm: db.orm, logger: pino({ level: 'silent' }), feeds: [`${base}/single`], intervalMs: 3_600_000, firstRunDelayMs: 3_600_000, fetch });
    try {
      const first = a.runNow();
      // a holds the lease while its fetch waits on the server, which answers when the test lets it.
      await expect.poll(hitsOn('/single')).toBe(1);
      expect(await Promise.all([a.runNow(), b.runNow()])).toEqual(['skipped', 'busy']);
      release();
      expect(await first).toBe('ran');
      expect(hits['/single']).toBe(1);
      // The lease is given back after the run: the other process may run next.
      expect(await b.runNow()).toBe('ran');
    } finally {
      release();
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(await draftsFrom('/single')).toHaveLength(2);
  });

  it('logs a failing feed and still ingests the others, never throwing', async () => {
    const { logger, lines } = recordingLogger();
    const job = startFeedIngestJob({ orm: db.orm, logger, feeds: [`${base}/gone`, 'http://10.1.2.3/feed.xml', `${base}/after-failure`], intervalMs: 3_600_000, firstRunDelayMs: 3_600_000, fetch });
    try {
      await expect(job.runNow()).resolves.toBe('ran');
    } finally {
      await job.stop();
    }
    expect(lines.filter((l) => l.msg === 'feed ingestion failed').map((l) => l.feed)).toEqual([`${base}/gone`, 'http://10.1.2.3/feed.xml']);
    expect(await draftsFrom('/after-failure')).toHaveLength(2);
  });

  it('stops promptly with a run in flight, and runs no more', async () => {
    const release = holdAnswers();
    const job = startFeedIngestJob({ orm: db.orm, logger: pino({ level: 'silent' }), feeds: [`${base}/stalled`], intervalMs: 50, firstRunDelayMs: 0, fetch });
    try {
      await expect.poll(hitsOn('/stalled')).toBe(1);
      // The stalled fetch is answered only after the test: stop() resolving at all shows it did not wait for it.
      await job.stop();
      expect(await job.runNow()).toBe('skipped');
      expect(hits['/stalled']).toBe(1);
    } finally {
      release();
    }
  });
});
