import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createTransport } from 'nodemailer';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { smtpSender, startOutboxWorker } from '../gateway/src/notifications/outbox-worker.js';
import { analyticsDay, createServices, openDatabase, parseDatabaseUrl, siteTime } from '../schema/src/index.js';
import { writeBenchResult } from './bench-result.js';

/**
 * A daily digest for BENCH_DIGEST_SUBSCRIBERS confirmed readers (default 100,000): rendered with
 * MJML, queued in the outbox and handed to a local SMTP sink by the outbox worker, against the
 * floor of handing one prebuilt message over as many times through the same pooled transport.
 * Prints both times, their ratio and the highest RSS. Targets: under 5 minutes, RSS under 350 MB.
 */
const COUNT = Number(process.env.BENCH_DIGEST_SUBSCRIBERS ?? 100_000);
const TARGET_MS = 5 * 60_000;
const TARGET_RSS_MB = 350;

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

// The sink counts messages and keeps none.
let received = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // The worker's pooled connections are not waited for at the end.
  closeTimeout: 100,
  onData(stream, _session, callback) {
    stream.on('end', () => {
      received++;
      callback();
    });
    stream.resume();
  },
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}?pool=true&maxConnections=4`;

const { orm } = await openDatabase(parseDatabaseUrl(process.env.DATABASE_URL ?? 'pglite:memory'), { seed: false });
const until = siteTime(analyticsDay(new Date()), 7);
const clock = () => new Date(until.getTime() + 60_000);
const connection = orm.em.getConnection();

async function waitFor(count: number) {
  while (received < count) await new Promise((resolve) => setTimeout(resolve, 20));
}

try {
  await connection.execute(`insert into category (name, slug, description, icon, position, created_at, updated_at) values ('Bench', 'bench', 'Bench.', 'Memory', 1, now(), now())`);
  await connection.execute(
    `insert into article (slug, title, excerpt, content, category_id, author, published_at, image_url, status, is_breaking, created_at, updated_at)
     select 'bench-' || g, 'Bench story ' || g, 'What happened in story ' || g || ', in two sentences for the digest.', 'Body.', (select id from category where slug = 'bench'), 'Desk',
            ?::timestamptz - g * interval '1 hour', '/media/covers/bench-' || g, 'published', false, now(), now()
     from generate_series(1, 8) g`,
    [until],
  );
  await connection.execute(
    `insert into newsletter_subscriber (email, categories, frequency, consent_at, consent_page, confirmed_at)
     select 'reader' || g || '@bench.example', '[]'::jsonb, 'daily', ?::timestamptz - interval '30 days', '/newsletter', ?::timestamptz - interval '29 days'
     from generate_series(1, ?) g`,
    [until, until, COUNT],
  );

  // The floor: one prebuilt message handed over COUNT times, one after another.
  const transport = createTransport(smtpUrl);
  const prebuilt = { from: 'news@bench.example', to: 'reader@bench.example', subject: 'Digest', text: 'Stories.', html: '<p>Stories.</p>' };
  let start = performance.now();
  for (let i = 0; i < COUNT; i++) await transport.sendMail(prebuilt);
  const floorMs = performance.now() - start;
  transport.close();
  received = 0;

  start = performance.now();
  const report = await createServices(orm.em.fork(), { clock }).newsletterDigests.queueDue({ batchSize: 1000 });
  const queuedMs = performance.now() - start;
  const worker = startOutboxWorker({ orm, send: smtpSender(smtpUrl), from: 'news@bench.example', logger: pino({ level: 'silent' }), intervalMs: 1_000, batchSize: 500 });
  await waitFor(COUNT);
  await worker.stop();
  const digestMs = performance.now() - start;

  const rssMb = Math.round(peakRss / 1024 / 1024);
  const ratio = digestMs / floorMs;
  console.log(`queued ${report?.digests[0]?.queued ?? 0} digests in ${(queuedMs / 1000).toFixed(1)} s`);
  console.log(`daily digest to ${COUNT} readers: ${(digestMs / 1000).toFixed(1)} s; one prebuilt message ${COUNT} times: ${(floorMs / 1000).toFixed(1)} s; ratio ${ratio.toFixed(2)}; peak RSS ${rssMb} MB`);
  writeBenchResult({
    name: 'digest',
    command: 'npm run bench:digest -- --out bench/results/digest.json',
    settings: { database: process.env.DATABASE_URL ?? 'pglite:memory', subscribers: COUNT, stories: 8 },
    figures: [
      { route: `daily digest, ${COUNT} readers`, figure: `${(digestMs / 1000).toFixed(1)} s, ${ratio.toFixed(2)} x the floor`, value: Math.round(digestMs), target: `< ${TARGET_MS} ms`, met: digestMs < TARGET_MS },
      { route: 'peak RSS', figure: `${rssMb} MB`, value: rssMb, target: `< ${TARGET_RSS_MB} MB`, met: rssMb < TARGET_RSS_MB },
    ],
  });
} finally {
  clearInterval(sampler);
  await orm.close(true);
  await new Promise<void>((resolve) => sink.close(() => resolve()));
}
