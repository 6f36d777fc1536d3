import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { pino } from 'pino';
import { writeBenchResult } from './bench-result.js';

/**
 * The media render flood a security probe found: while one client asks /media/covers for
 * thousands of keys, how slow does the home page get? The real app (server rendering from the
 * sources with React's production build, PGlite in memory, request logging on) listens on a local
 * port; GET / is timed one request at a time with no flood (the baseline), then while a worker
 * thread floods media from its own connections. Prints p50/p95 and the ratios flood / baseline
 * (1.00 = unaffected).
 *
 *   unknown keys      what the probe sent: invented keys (404 without rendering, then 429)
 *   one cached cover  the control: the cheapest media answer, what any request costs
 *   every variant     the costliest legal flood: every width and ratio of the real covers
 *
 * BENCH_SAMPLES (GET / per phase, default 60), BENCH_ROUNDS (phases alternate, default 3),
 * BENCH_FLOOD_RATE (media requests a second, default 200; 0 = as fast as the connections go),
 * BENCH_FLOOD_CONNECTIONS (default 16). `--out bench/results/media.json` keeps the result as data.
 */
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 16);
const RATE = Number(process.env.BENCH_FLOOD_RATE ?? 200);

// React picks its build when first loaded: the production one, as readers get it.
process.env.NODE_ENV = 'production';
const { createApp } = await import('../gateway/src/app.js');
const { loadConfig } = await import('../gateway/src/config/config.js');
const { createWeb } = await import('../gateway/src/ssr/web.js');
const { openDatabase, parseDatabaseUrl } = await import('../schema/src/index.js');

// Each flood is its own client (X-Forwarded-For, trusted from loopback), so each has its own budget.
const config = loadConfig({ NODE_ENV: 'production', SITE_URL: 'http://localhost', DATABASE_URL: 'pglite:memory', TRUST_PROXY: 'loopback' });
const { orm } = await openDatabase(parseDatabaseUrl('pglite:memory'));
// Request logging stays on, as in production, so the flood pays for its log lines.
const logger = pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false }));
const { app, close } = await createApp({
  config,
  orm,
  logger,
  web: (contextFor) => createWeb({ config, contextFor, mode: 'source' }),
});
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** The flooding client: its own thread and connections, so its work is not the page's. */
const FLOOD = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, paths, connections, client, rate } = workerData;
const spacing = rate > 0 ? (connections * 1000) / rate : 0;
let stop = false, next = 0;
const statuses = {};
parentPort.on('message', () => { stop = true; });
async function loop() {
  while (!stop) {
    const started = Date.now();
    const path = paths[next++ % paths.length];
    try {
      const res = await fetch(base + path, { headers: { accept: 'image/avif,image/webp,image/*,*/*;q=0.8', 'x-forwarded-for': client } });
      await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    } catch { statuses.failed = (statuses.failed ?? 0) + 1; }
    const wait = spacing - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
Promise.all(Array.from({ length: connections }, loop)).then(() => parentPort.postMessage(statuses));
`;

interface Phase {
  samples: number[];
  /** Share of the server's event loop in use while GET / was timed. */
  busy: number[];
  flood: Record<string, number>;
  floodRequests: number;
  floodSeconds: number;
}

function emptyPhase(): Phase {
  return { samples: [], busy: [], flood: {}, floodRequests: 0, floodSeconds: 0 };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

async function timeHome(): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${base}/`);
  await res.text();
  if (res.status !== 200) throw new Error(`GET / answered ${res.status}`);
  return performance.now() - start;
}

/** Times GET / `count` times, with a worker flooding `floodPaths` meanwhile when given. */
async function measure(into: Phase, count: number, floodPaths?: string[], client?: string): Promise<void> {
  let worker: Worker | undefined;
  if (floodPaths) {
    worker = new Worker(FLOOD, { eval: true, workerData: { base, paths: floodPaths, connections: CONNECTIONS, client, rate: RATE } });
    // Let the flood reach full speed before timing.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const started = performance.now();
  const loop = performance.eventLoopUtilization();
  for (let i = 0; i < count; i++) into.samples.push(await timeHome());
  into.busy.push(performance.eventLoopUtilization(loop).utilization);
  if (worker) {
    const done = new Promise<Record<string, number>>((resolve) => worker!.once('message', resolve));
    worker.postMessage('stop');
    for (const [status, n] of Object.entries(await done)) {
      into.flood[status] = (into.flood[status] ?? 0) + n;
      into.floodRequests += n;
    }
    into.floodSeconds += (performance.now() - started) / 1000 + 0.5;
    await worker.terminate();
  }
}

function report(label: string, phase: Phase, baseline?: Phase) {
  const p50 = percentile(phase.samples, 50);
  const p95 = percentile(phase.samples, 95);
  const busy = (phase.busy.reduce((a, b) => a + b, 0) / phase.busy.length) * 100;
  const ratios = baseline
    ? `   x${(p50 / percentile(baseline.samples, 50)).toFixed(2)} p50, x${(p95 / percentile(baseline.samples, 95)).toFixed(2)} p95`
    : '';
  console.log(`${label.padEnd(30)} GET / p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  loop ${busy.toFixed(0).padStart(3)}% busy${ratios}`);
  if (phase.floodRequests) {
    const statuses = Object.entries(phase.flood).map(([status, n]) => `${status}: ${n}`).join(', ');
    console.log(`${''.padEnd(30)} flood: ${phase.floodRequests} media requests, ${(phase.floodRequests / phase.floodSeconds).toFixed(0)}/s -> ${statuses}`);
  }
}

try {
  for (let i = 0; i < 5; i++) await timeHome(); // warm up the renderer and the queries
  const articles = (await (await fetch(`${base}/api/articles?limit=100`)).json()) as Array<{ imageUrl: string }>;
  const unknownKeys = Array.from({ length: 50_000 }, (_, i) => `/media/covers/probe-${i.toString(36)}-x?w=1200`);
  const warmCover = `${articles[0]!.imageUrl}?w=320`;
  await fetch(base + warmCover, { headers: { accept: 'image/avif' } });
  const everyVariant = articles.flatMap(({ imageUrl }) =>
    [320, 480, 768, 1024, 1200].flatMap((w) => ['16x9', '4x3', '1x1'].map((ratio) => `${imageUrl}?w=${w}&ratio=${ratio}`)),
  );

  // Phases alternate round by round, so a change in the machine's load touches all of them alike.
  const phases = { baseline: emptyPhase(), unknown: emptyPhase(), cached: emptyPhase(), variants: emptyPhase() };
  const perRound = Math.ceil(SAMPLES / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    await measure(phases.baseline, perRound);
    await measure(phases.unknown, perRound, unknownKeys, `203.0.113.${round * 3 + 1}`);
    await measure(phases.cached, perRound, [warmCover], `203.0.113.${round * 3 + 2}`);
    await measure(phases.variants, perRound, everyVariant, `203.0.113.${round * 3 + 3}`);
  }

  console.log(
    `GET / timed ${perRound * ROUNDS} times per phase over ${ROUNDS} rounds; each flood: one client, ${CONNECTIONS} connections, ${RATE > 0 ? `${RATE} requests/s` : 'unpaced'}`,
  );
  report('no flood (baseline)', phases.baseline);
  report('flood of unknown keys', phases.unknown, phases.baseline);
  report('flood of one cached cover', phases.cached, phases.baseline);
  report('flood of every cover variant', phases.variants, phases.baseline);
  const ratio = percentile(phases.unknown.samples, 50) / percentile(phases.baseline.samples, 50);
  console.log(`media flood of unknown keys: GET / p50 flood / baseline = ${ratio.toFixed(2)}`);
  writeBenchResult({
    name: 'media',
    command: 'npm run bench:media -- --out bench/results/media.json',
    settings: { database: 'PGlite in memory', samples: perRound * ROUNDS, rounds: ROUNDS, floodConnections: CONNECTIONS, floodRate: RATE },
    figures: [
      {
        route: 'GET / during a flood of unknown media keys',
        figure: `p50 ${percentile(phases.unknown.samples, 50).toFixed(1)} ms, x${ratio.toFixed(2)} of no flood (${percentile(phases.baseline.samples, 50).toFixed(1)} ms)`,
        value: Number(ratio.toFixed(2)),
        target: null,
        met: null,
      },
    ],
  });
} finally {
  server.close();
  await close();
  await orm.close(true);
}
