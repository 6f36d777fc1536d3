import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { createApp } from '../app.js';
import { loadConfig } from '../config/config.js';

/**
 * The app starts the feed job from INGEST_FEEDS and stops it on close; the server's fetches have
 * no allowance for private addresses, so a feed on loopback is refused and logged, never fatal.
 */
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

it('runs INGEST_FEEDS after start, refusing a loopback feed with a log line, and stops on close', async () => {
  const lines: { msg: string; feed?: string; err?: { message: string } }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au', INGEST_FEEDS: 'http://127.0.0.1:9/feed.xml', INGEST_INTERVAL_MINUTES: '1' });
  const { close } = await createApp({ config, orm: db.orm, logger: pino({ level: 'info' }, stream) });
  try {
    await expect.poll(() => lines.some((l) => l.msg === 'feed ingestion failed')).toBe(true);
    expect(lines.find((l) => l.msg === 'feed ingestion failed')).toMatchObject({
      feed: 'http://127.0.0.1:9/feed.xml',
      err: { message: 'Refused 127.0.0.1: 127.0.0.1 is not a public address' },
    });
  } finally {
    await close();
  }
});
