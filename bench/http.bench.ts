/**
 * Throughput of the site's hot routes against a bare node:http server that sends the same bytes
 * (same status, headers and body), measured in the same run, with the response cache on and off.
 * Prints requests per second and the ratio site / raw for each route, the same ratio by CPU time per
 * request (raw's µs / the site's: steadier on a shared machine, where neighbours move both rates;
 * the site's process only, so PostgreSQL's own work on an uncached answer is not in it), whether
 * site / raw meets its target, and the site's peak RSS under that load; run `npm run build` first.
 *
 *   npm run bench:http [-- --seconds 5 --connections 10 --rounds 3 --cache on|off|both --out bench/results/http-cached.json]
 *   BENCH_DATABASE_URL=postgres://... runs the site on a real PostgreSQL (default: PGlite in memory).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { formatMb, requireBuild, residentMb, RSS_TARGET_MB, startBuiltSite, stopProcess } from './built-site.js';
import { pinLoadGeneratorAway } from './cpu-pinning.js';
import { writeBenchResult, type BenchFigure } from './bench-result.js';
import { cpuMicros, median } from './stats.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    cache: { type: 'string', default: 'both' },
    out: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Number(values.rounds);
const PORT = 4390;
const HOME_QUERY = '{ articles(first: 7) { totalCount nodes { id title excerpt publishedAt imageUrl isBreaking category { name slug } } } breakingNews { id title } }';

requireBuild();
const pinning = pinLoadGeneratorAway();

interface Route {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The issue's target for site / raw without the response cache (cached answers: CACHED_TARGET). */
  uncachedTarget?: number;
}

/** Targets for site / raw: every cached answer; uncached server rendering and the GraphQL home query. */
const CACHED_TARGET = 0.5;
const PAGE_TARGET = 0.01;
const GRAPHQL_TARGET = 0.03;

const startSite = (cache: boolean) => startBuiltSite(PORT, { RESPONSE_CACHE_TTL_SECONDS: cache ? '60' : '0' }, 'dist', pinning);

/** Headers the raw server leaves to node:http (it sets its own date, connection and length). */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * The same status, headers and body as the site's answer, from a bare node:http server in a process
 * of its own (bench/raw-server.mjs), as the site has: in this process it would share its thread
 * with autocannon. The headers that matter to a browser or a CDN (type, caching, validators,
 * security, CORS, limits) are part of the bytes, so the baseline sends them too.
 */
async function rawServer(status: number, headers: [string, string][], body: Buffer): Promise<{ port: number; child: ChildProcess; close(): Promise<void> }> {
  const file = join(tmpdir(), `bench-raw-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ status, headers: headers.filter(([name]) => !OWN_HEADERS.has(name)), body: body.toString('base64') }));
  const node: [string, string[]] = [process.execPath, ['bench/raw-server.mjs', file]];
  const [command, args] = pinning ? pinning.server(...node) : node;
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  if (child.pid !== undefined) pinning?.mainThreadAway(child.pid);
  // Read once it listens: the file is not needed any more.
  rmSync(file);
  return { port: Number(line.toString().trim()), child, close: () => stopProcess(child) };
}

/** Requests a second, and the server's CPU time per request in µs (every thread of its process). */
async function run(url: string, route: Route, server: ChildProcess): Promise<{ rate: number; cpuPerRequest: number }> {
  const cpuBefore = cpuMicros(server);
  const result = await autocannon({
    url,
    method: route.method,
    headers: route.headers,
    body: route.body,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${route.name}: ${result.non2xx} non-2xx and ${result.errors} errors at ${url}`);
  return { rate: result.requests.average, cpuPerRequest: (cpuMicros(server) - cpuBefore) / result.requests.total };
}


async function measure(cache: boolean) {
  const site = await startSite(cache);
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const [article] = (await (await fetch(`${base}/api/articles?limit=1`)).json()) as { id: number }[];
    const graphqlHeaders = { 'content-type': 'application/json', 'apollo-require-preflight': 'true' };
    const routes: Route[] = [
      { name: 'GET / (page)', method: 'GET', path: '/', uncachedTarget: PAGE_TARGET },
      { name: 'GET /articles/:id (page)', method: 'GET', path: `/articles/${article.id}`, uncachedTarget: PAGE_TARGET },
      { name: 'GET /api/articles', method: 'GET', path: '/api/articles' },
      { name: 'GET /api/articles/:id', method: 'GET', path: `/api/articles/${article.id}` },
      { name: 'POST /graphql (home query)', method: 'POST', path: '/graphql', headers: graphqlHeaders, body: JSON.stringify({ query: HOME_QUERY }), uncachedTarget: GRAPHQL_TARGET },
      { name: 'GET /graphql (home query)', method: 'GET', path: `/graphql?query=${encodeURIComponent(HOME_QUERY)}`, headers: graphqlHeaders, uncachedTarget: GRAPHQL_TARGET },
    ];
    const rows = [];
    for (const route of routes) {
      // Uncompressed, as autocannon asks (it sends no Accept-Encoding).
      const answer = await fetch(`${base}${route.path}`, { method: route.method, headers: { ...route.headers, 'accept-encoding': 'identity' }, body: route.body });
      const body = Buffer.from(await answer.arrayBuffer());
      const raw = await rawServer(answer.status, [...answer.headers], body);
      const rawUrl = `http://127.0.0.1:${raw.port}${route.path}`;
      const siteRates: number[] = [];
      const rawRates: number[] = [];
      const ratios: number[] = [];
      const cpuRatios: number[] = [];
      // Interleaved rounds (site, raw, site, raw): each round's two runs see the same machine state,
      // so the ratio is taken per round (the bare server's own rate moved by up to 80 % between rounds).
      for (let i = 0; i < ROUNDS; i++) {
        const onSite = await run(`${base}${route.path}`, route, site);
        const onRaw = await run(rawUrl, route, raw.child);
        siteRates.push(onSite.rate);
        rawRates.push(onRaw.rate);
        ratios.push(onSite.rate / onRaw.rate);
        cpuRatios.push(onRaw.cpuPerRequest / onSite.cpuPerRequest);
      }
      await raw.close();
      const ratio = median(ratios);
      const target = cache ? CACHED_TARGET : route.uncachedTarget;
      rows.push({
        route: route.name,
        cache: cache ? 'on' : 'off',
        bytes: body.length,
        'site req/s': Math.round(median(siteRates)),
        'raw req/s': Math.round(median(rawRates)),
        'site / raw': Number(ratio.toFixed(4)),
        'by CPU': Number(median(cpuRatios).toFixed(4)),
        target: target === undefined ? '' : `>= ${target}`,
        met: target === undefined ? '' : ratio >= target ? 'yes' : 'NO',
      });
    }
    return { rows, peakRssMb: residentMb(site, 'VmHWM') };
  } finally {
    await stopProcess(site);
  }
}

if (!['on', 'off', 'both'].includes(values.cache)) throw new Error('--cache is on, off or both');
const none = { rows: [], peakRssMb: null };
const cached = values.cache === 'off' ? none : await measure(true);
const uncached = values.cache === 'on' ? none : await measure(false);
console.log(`\n${SECONDS} s per run, ${CONNECTIONS} connections, site / raw is the median of ${ROUNDS} interleaved rounds' ratios; ${pinning?.describe ?? 'nothing pinned (no taskset, or one core)'}`);
console.table([...cached.rows, ...uncached.rows]);
console.log(`Peak RSS of the site under this load (target <= ${RSS_TARGET_MB} MB): cache on ${formatMb(cached.peakRssMb)}, cache off ${formatMb(uncached.peakRssMb)}`);

const figures: BenchFigure[] = [...cached.rows, ...uncached.rows].map((row) => ({
  route: `${row.route}, ${row.cache === 'on' ? 'cached' : 'uncached'}`,
  figure: `${row['site req/s'].toLocaleString('en-AU')} req/s, ${row['site / raw']} of a bare server (by CPU ${row['by CPU']})`,
  value: row['site / raw'],
  target: row.target || null,
  met: row.met ? row.met === 'yes' : null,
}));
for (const [phase, rss] of [['on', cached.peakRssMb], ['off', uncached.peakRssMb]] as const) {
  if (rss !== null) figures.push({ route: `peak RSS, cache ${phase}`, figure: formatMb(rss), value: rss, target: `<= ${RSS_TARGET_MB} MB`, met: rss <= RSS_TARGET_MB });
}
writeBenchResult(
  {
    name: { on: 'http-cached', off: 'http-uncached' }[values.cache] ?? 'http',
    command: `npm run build && npm run bench:http -- --cache ${values.cache}${values.out ? ` --out ${values.out}` : ''}`,
    settings: { database: process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite in memory', cache: values.cache, seconds: SECONDS, connections: CONNECTIONS, rounds: ROUNDS, pinning: pinning?.describe ?? 'none' },
    figures,
  },
  values.out,
);
