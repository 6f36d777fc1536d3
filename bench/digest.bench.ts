import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTransport } from 'nodemailer';
import pg from 'pg';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { smtpSender, startOutboxWorker } from '../gateway/src/notifications/outbox-worker.js';
import { analyticsDay, createServices, openDatabase, parseDatabaseUrl, siteTime } from '../schema/src/index.js';
import { serverEnv, serverNodeFlags } from '../scripts/server-flags.mjs';
import { writeBenchResult } from './bench-result.js';

/**
 * A daily digest for BENCH_DIGEST_SUBSCRIBERS confirmed readers (default 100,000): composed from
 * the compiled mail blocks, queued in the outbox and handed to a local SMTP sink by the outbox worker, against the
 * floor of handing one prebuilt message over as many times, one after another, through the same
 * pooled transport. The figures are those of the process a site runs the digest in: started with
 * the server's Node flags and environment on a database already migrated, its mail server another
 * process. So a child process first migrates the database, writes the readers' rows and exits
 * (migrating leaves memory resident that a running server does not have); the sink runs in this
 * process, counting messages and keeping none; then a second child process runs the floor and the
 * digest. Measured on the embedded database on disk (what `npm start` runs), then on PostgreSQL
 * when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server (a database of this run is created
 * there and dropped). Prints each time, its ratio to the floor and the highest RSS while the digest
 * runs. Targets: under 5 minutes, RSS under 350 MB.
 */
const COUNT = Number(process.env.BENCH_DIGEST_SUBSCRIBERS ?? 100_000);
const TARGET_MS = 5 * 60_000;
const TARGET_RSS_MB = 350;
const FIGURES_LINE = 'bench-digest-figures ';

interface Measured {
  digestMs: number;
  floorMs: number;
  rssMb: number;
}

/** Asked by the measuring process: tell it once the sink has received `total` messages in all. */
interface AwaitReceived {
  awaitReceived: number;
}

/** This file again in a child process, in the role `env` names. */
function child(env: NodeJS.ProcessEnv, nodeFlags: readonly string[], stdio: 'inherit' | ['ignore', 'pipe', 'inherit', 'ipc']) {
  return spawn(process.execPath, [...process.execArgv, ...nodeFlags, ...process.argv.slice(1)], { stdio, env });
}

/** The fixture, written by a process of its own that has exited before anything is measured. */
async function writeFixtureIn(database: string, until: Date): Promise<void> {
  const [code] = await once(child({ ...process.env, BENCH_DIGEST_ROLE: 'fixture', BENCH_DIGEST_DATABASE: database, BENCH_DIGEST_UNTIL: until.toISOString() }, [], 'inherit'), 'exit');
  if (code !== 0) throw new Error(`the fixture on ${database.split('@').pop()} ended with ${code}`);
}

/** One database's run, in a child process under the server's flags; its figures come back on a line of its output. */
async function measureIn(database: string, until: Date): Promise<Measured> {
  // The sink counts over the whole run (the floor's messages, then the digest's) and answers the
  // measuring process's one question, so that process keeps no sink of its own and polls nothing.
  let received = 0;
  let awaited: number | null = null;
  let measuring: ReturnType<typeof child> | null = null;
  const answer = () => {
    if (awaited === null || received < awaited) return;
    awaited = null;
    measuring?.send({ received });
  };
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The worker's pooled connections stay open: closing the sink ends them, and the process can exit.
    closeTimeout: 100,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received++;
        answer();
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const port = String((sink.server.address() as AddressInfo).port);

  const env = { ...serverEnv(), BENCH_DIGEST_ROLE: 'digest', BENCH_DIGEST_DATABASE: database, BENCH_DIGEST_UNTIL: until.toISOString(), BENCH_DIGEST_SMTP_PORT: port };
  measuring = child(env, serverNodeFlags(), ['ignore', 'pipe', 'inherit', 'ipc']);
  measuring.on('message', (message: AwaitReceived) => {
    awaited = message.awaitReceived;
    answer();
  });
  // It lets go of the channel when done (or exits on a failure): the sink closes then.
  measuring.once('disconnect', () => sink.close(() => undefined));
  let figures: Measured | null = null;
  let buffered = '';
  measuring.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith(FIGURES_LINE)) figures = JSON.parse(line.slice(FIGURES_LINE.length)) as Measured;
      else console.log(line);
    }
  });
  const [code] = await once(measuring, 'exit');
  if (!figures || code !== 0) throw new Error(`the digest on ${database.split('@').pop()} ended with ${code}`);
  return figures;
}

async function run(database: string, until: Date): Promise<Measured> {
  await writeFixtureIn(database, until);
  return measureIn(database, until);
}

async function compare(): Promise<void> {
  // Both child processes take the digest's day from here, so a run across midnight stays one day.
  const until = siteTime(analyticsDay(new Date()), 7);
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-digest-'));
  const runs: { label: string; measured: Measured }[] = [];
  try {
    runs.push({ label: 'embedded database', measured: await run(`pglite:${folder}`, until) });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (server) {
    const name = `bench_digest_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    try {
      runs.push({ label: 'PostgreSQL', measured: await run(url.toString(), until) });
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }
  writeBenchResult({
    name: 'digest',
    command: 'npm run bench:digest -- --out bench/results/digest.json',
    settings: { databases: runs.map((r) => r.label).join(', '), subscribers: COUNT, stories: 8, nodeFlags: serverNodeFlags().join(' ') },
    figures: runs.flatMap(({ label, measured: { digestMs, floorMs, rssMb } }) => [
      { route: `daily digest, ${COUNT} readers, ${label}`, figure: `${(digestMs / 1000).toFixed(1)} s, ${(digestMs / floorMs).toFixed(2)} x the floor`, value: Math.round(digestMs), target: `< ${TARGET_MS} ms`, met: digestMs < TARGET_MS },
      { route: `peak RSS while it runs, ${label}`, figure: `${rssMb} MB`, value: rssMb, target: `< ${TARGET_RSS_MB} MB`, met: rssMb < TARGET_RSS_MB },
    ]),
  });
}

const { BENCH_DIGEST_ROLE: role, BENCH_DIGEST_DATABASE: database, BENCH_DIGEST_UNTIL: until } = process.env;
if (role === 'fixture' && database && until) await writeFixture(database, new Date(until));
else if (role === 'digest' && database && until) await measure(database, new Date(until), Number(process.env.BENCH_DIGEST_SMTP_PORT));
else await compare();

/** A category, 8 stories published before `until` and COUNT readers confirmed for the daily digest. */
async function writeFixture(database: string, until: Date): Promise<void> {
  const { orm } = await openDatabase(parseDatabaseUrl(database), { seed: false });
  try {
    const connection = orm.em.getConnection();
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
  } finally {
    await orm.close(true);
  }
}

/** Resolves once the sink (in the parent process) has received `total` messages in all. */
function sinkReceived(total: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error('started without a channel to the process that runs the sink'));
    process.once('message', () => resolve());
    process.send({ awaitReceived: total } satisfies AwaitReceived);
  });
}

async function measure(database: string, until: Date, smtpPort: number): Promise<void> {
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const smtpUrl = `smtp://127.0.0.1:${smtpPort}?pool=true&maxConnections=4`;
  const clock = () => new Date(until.getTime() + 60_000);
  const { orm, migrations } = await openDatabase(parseDatabaseUrl(database), { seed: false });
  try {
    if (migrations.length) throw new Error(`the fixture left ${migrations.length} migrations to run`);

    // The floor: one prebuilt message handed over COUNT times, one after another.
    const transport = createTransport(smtpUrl);
    const prebuilt = { from: 'news@bench.example', to: 'reader@bench.example', subject: 'Digest', text: 'Stories.', html: '<p>Stories.</p>' };
    let start = performance.now();
    for (let i = 0; i < COUNT; i++) await transport.sendMail(prebuilt);
    const floorMs = performance.now() - start;
    transport.close();

    // From here on, the digest: its peak is the figure. The sink has the floor's COUNT already.
    peakRss = process.memoryUsage().rss;
    start = performance.now();
    const report = await createServices(orm.em.fork(), { clock }).newsletterDigests.queueDue({ batchSize: 1000 });
    const queuedMs = performance.now() - start;
    const worker = startOutboxWorker({ orm, send: smtpSender(smtpUrl), from: 'news@bench.example', logger: pino({ level: 'silent' }), intervalMs: 1_000, batchSize: 500 });
    await sinkReceived(2 * COUNT);
    await worker.stop();
    const digestMs = performance.now() - start;

    const rssMb = Math.round(peakRss / 1024 / 1024);
    const ratio = digestMs / floorMs;
    console.log(`queued ${report?.digests[0]?.queued ?? 0} digests in ${(queuedMs / 1000).toFixed(1)} s`);
    console.log(`daily digest to ${COUNT} readers: ${(digestMs / 1000).toFixed(1)} s; one prebuilt message ${COUNT} times: ${(floorMs / 1000).toFixed(1)} s; ratio ${ratio.toFixed(2)}; peak RSS ${rssMb} MB`);
    console.log(`${FIGURES_LINE}${JSON.stringify({ digestMs, floorMs, rssMb } satisfies Measured)}`);
  } finally {
    clearInterval(sampler);
    await orm.close(true);
    process.disconnect?.();
  }
}
