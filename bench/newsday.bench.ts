/**
 * A news day through the deployed topology (decision 085): Varnish with xkey in front of two
 * processes of the production build, PostgreSQL and Redis, an archive of `--articles` articles
 * (100,000 by default), readers asking for pages with a Zipf distribution (s = 1.1: home and the
 * categories hot, a long archive tail) and an editor who corrects or publishes an article every
 * `--write-every` seconds (30 by default) through the newsroom API.
 *
 * Before the readers come, a crawler reads every page once through the proxy, the coldest first
 * (what search engines and feed readers do each day), where the build keeps pages in shared caches
 * for at least an hour: its day-long cache then holds the archive as it would after a day of
 * traffic. A build whose pages expire sooner would have lost the crawl before its readers came: it
 * starts cold.
 *
 * Prints, after the warm-up (the first `--warm-up` share of the readers' run): the hit ratio at the
 * proxy and in the processes (of the requests the proxy passed on), renders per minute at the
 * origin, renders per write (pages rendered again after a first render, per write: what purges
 * cost, not the cold archive; the pages a process rendered again on its own after a purge count,
 * read from /api/admin/cache), and the time from a write's answer (its commit) until the proxy
 * answers the new text, p50 and p99.
 *
 * `npm run bench:newsday [-- --builds dist-before,dist --articles 100000 --seconds 180 --write-every 30 --connections 8 --out bench/results/newsday.json]`:
 * `--builds` names build folders run one after the other on the same archive (the build before the
 * change, built from its commit into another folder, and this one).
 * Needs `npm run build`, varnishd with varnish-modules, and PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL: a database of this run is created there and dropped) and Redis (TEST_REDIS_URL).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { requireBuild, startBuiltSite, stopProcess } from './built-site.js';
import { type BenchFigure, writeBenchResult } from './bench-result.js';
import { varnishBinary } from '../scripts/varnish-binary.mjs';

const option = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const ARTICLES = option('articles', 100_000);
const SECONDS = option('seconds', 180);
const WRITE_EVERY_S = option('write-every', 30);
const CONNECTIONS = option('connections', 8);
const WARM_UP = option('warm-up', 0.3);
const ZIPF_S = 1.1;
/** How long a write's new text is looked for at the proxy. */
const FRESH_WAIT_MS = 10_000;
/** The builds compared, in the order run: `--builds dist-before,dist` (folders of `npm run build`). */
const buildsAt = process.argv.indexOf('--builds');
const BUILDS = (buildsAt >= 0 ? process.argv[buildsAt + 1] : 'dist').split(',');

const run = randomUUID().replace(/-/g, '').slice(0, 10);
const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const prefix = `newsday-${run}`;
const ADMIN_TOKEN = `newsday-owner-${run}`;
const cleanups: (() => Promise<unknown>)[] = [];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function sql<T = unknown>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Synthetic archive articles, published two minutes apart going back, spread over the categories. */
const FILL_SQL = `
insert into article (slug, title, excerpt, content, category_id, author, published_at, image_url, is_breaking, created_at, updated_at)
select 'newsday-' || g, 'Archive story ' || g || ': what changed for Australian technology',
  'An archived story, number ' || g || '.',
  repeat('An archived story about Australian technology, its companies, its engineers and its regulators. ', 12),
  ($3::int[])[1 + g % cardinality($3::int[])], 'Alex Nguyen', now() - g * interval '2 minutes', '/media/covers/newsday-' || g, false,
  now() - g * interval '2 minutes', now() - g * interval '2 minutes'
from generate_series($1::int, $2::int) as g`;

/** Ranks 1..n drawn with probability proportional to 1 / rank^s. */
function zipf(n: number, s: number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cdf[i] = sum += 1 / (i + 1) ** s;
  return () => {
    const x = Math.random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function main() {
  requireBuild();
  for (const dist of BUILDS) if (!existsSync(`${dist}/server/main.js`)) throw new Error(`${dist}/server/main.js is missing: build that commit there first`);
  const database = new URL(server);
  database.pathname = `/newsday_${run}`;
  await sql(server, `create database "newsday_${run}"`);
  cleanups.push(() => sql(server, `drop database if exists "newsday_${run}" with (force)`));
  cleanups.push(async () => {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    for (let i = 0; i < keys.length; i += 1_000) await redis.del(...keys.slice(i, i + 1_000));
    await redis.quit();
  });
  const migrate = spawnSync(process.execPath, [`${BUILDS.at(-1)}/server/main.js`, '--migrate-only'], {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: database.toString(), PORT: '0', ADMIN_TOKEN },
    encoding: 'utf8',
  });
  if (migrate.status !== 0) throw new Error(`migrations failed: ${migrate.stderr}`);
  const categories = await sql<{ id: number; slug: string }>(database.toString(), 'select id, slug from category order by position');
  console.log(`filling the archive to ${ARTICLES.toLocaleString('en-AU')} articles…`);
  for (let from = 1; from <= ARTICLES; from += 20_000) {
    await sql(database.toString(), FILL_SQL, [from, Math.min(ARTICLES, from + 19_999), categories.map((c) => c.id)]);
  }
  await sql(database.toString(), 'vacuum analyze');

  const figures: BenchFigure[] = [];
  for (const [i, dist] of BUILDS.entries()) {
    const last = i === BUILDS.length - 1;
    const measured = await newsDay(dist, i, database.toString(), categories);
    // The targets are this build's; a build before the change is measured for comparison only.
    figures.push(...measured.map((f) => ({ ...f, route: `${last ? 'this build' : `before (${dist})`}: ${f.route}`, ...(last ? {} : { target: null, met: null }) })));
  }
  writeBenchResult({
    name: 'newsday',
    command: `npm run bench:newsday -- --builds ${BUILDS.join(',')}`,
    settings: { articles: ARTICLES, seconds: SECONDS, writeEverySeconds: WRITE_EVERY_S, connections: CONNECTIONS, warmUpShare: WARM_UP, zipfS: ZIPF_S, proxy: 'varnish+xkey', builds: BUILDS },
    figures,
  });
}

/** One news day on the build in `dist`: its own processes, proxy and Redis keys, the same database. */
async function newsDay(dist: string, index: number, databaseUrl: string, categories: { id: number; slug: string }[]): Promise<BenchFigure[]> {
  const stops: (() => Promise<unknown>)[] = [];
  const proxyPort = await freePort();
  const base = `http://127.0.0.1:${proxyPort}`;
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `${prefix}-${index}`,
    TRUST_PROXY: '1',
    SITE_URL: base,
    ADMIN_TOKEN,
    PROXY_PURGE_URLS: `${base}/`,
    // Each build's own cache lifetimes, as it is deployed: the build before the change kept pages in
    // the proxy for its response cache's TTL (60 s); this one for SHARED_CACHE_SECONDS (a day).
  };
  console.log(`\n${dist}:`);
  try {
  const appPorts = [await freePort(), await freePort()];
  const apps: ChildProcess[] = [];
  for (const port of appPorts) apps.push(await startBuiltSite(port, env, dist));
  stops.push(async () => Promise.all(apps.map(stopProcess)));

  const work = await mkdtemp(path.join(tmpdir(), 'technews-newsday-'));
  stops.push(() => rm(work, { recursive: true, force: true }));
  let backend = 0;
  const vcl = (await readFile('deploy/varnish/technews.vcl', 'utf8')).replace(/\.host = "app\d";\n(\s*)\.port = "3000";/g, (_w, indent: string) => `.host = "127.0.0.1";\n${indent}.port = "${appPorts[backend++]}";`);
  await writeFile(path.join(work, 'technews.vcl'), vcl);
  const jail = process.getuid?.() === 0 ? ['-j', 'none'] : [];
  const varnish = spawn(varnishBinary(), ['-F', '-a', `127.0.0.1:${proxyPort}`, '-f', path.join(work, 'technews.vcl'), '-n', path.join(work, 'varnish'), '-s', 'malloc,3g', ...jail], { stdio: 'ignore' });
  stops.unshift(() => stopProcess(varnish));
  for (let i = 0; i < 120; i++) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 250));
  }

  // The pages readers ask for, hottest first: home, the categories, then articles newest first.
  const ids = (await sql<{ id: number }>(databaseUrl, `select id from article where status = 'published' order by published_at desc, id desc`)).map((r) => Number(r.id));
  const urls = ['/', ...categories.map((c) => `/categories/${c.slug}`), ...ids.map((id) => `/articles/${id}`)];
  const pick = zipf(urls.length, ZIPF_S);
  // Pages rendered once already: rendering one again is what a purge (or an eviction) costs, not the cold archive.
  const rendered = new Set<string>();

  const sharedSeconds = Number(/s-maxage=(\d+)/.exec((await fetch(`http://127.0.0.1:${appPorts[0]}/`)).headers.get('cache-control') ?? '')?.[1] ?? 0);
  if (sharedSeconds >= 3_600) {
    const crawlStart = Date.now();
    const order = [...urls].reverse();
    let next = 0;
    console.log(`crawling ${order.length.toLocaleString('en-AU')} pages through the proxy, the coldest first (shared caches keep them ${sharedSeconds} s)…`);
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < order.length) {
          const at = next++;
          const res = await fetch(`${base}${order[at]}`).catch(() => null);
          await res?.arrayBuffer();
          if (res?.ok) rendered.add(order[at]);
          if ((at + 1) % 10_000 === 0) console.log(`  ${(at + 1).toLocaleString('en-AU')} pages, ${Math.round((Date.now() - crawlStart) / 1_000)} s`);
        }
      }),
    );
    console.log(`crawled in ${Math.round((Date.now() - crawlStart) / 1_000)} s`);
  } else console.log(`no crawl: shared caches keep its pages ${sharedSeconds} s, less than a crawl takes`);

  /** Pages the processes rendered again on their own after purges (a build without /api/admin/cache: none). */
  const refreshedSoFar = async () => {
    let sum = 0;
    for (const port of appPorts) {
      const res = await fetch(`http://127.0.0.1:${port}/api/admin/cache`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } }).catch(() => null);
      if (res?.ok) sum += Number(((await res.json()) as { refreshedAfterPurges?: { refreshed?: number } }).refreshedAfterPurges?.refreshed ?? 0);
    }
    return sum;
  };

  const started = Date.now();
  const measuredFrom = started + WARM_UP * SECONDS * 1_000;
  const endAt = started + SECONDS * 1_000;
  const counts = { requests: 0, proxyHits: 0, passed: 0, processHits: 0, renders: 0, rerenders: 0, errors: 0 };
  let refreshedAtStart = 0;
  void delay(measuredFrom - Date.now()).then(async () => (refreshedAtStart = await refreshedSoFar()));
  const writes: { at: number; freshAfterMs: number }[] = [];

  const reader = async () => {
    while (Date.now() < endAt) {
      const url = urls[pick() - 1];
      const res = await fetch(`${base}${url}`).catch(() => null);
      if (!res) continue;
      await res.arrayBuffer();
      const render = res.headers.get('x-cache-status') !== 'HIT' && res.headers.get('x-cache') !== 'HIT';
      const again = render && rendered.has(url);
      if (render) rendered.add(url);
      if (Date.now() < measuredFrom) continue;
      if (again) counts.rerenders += 1;
      counts.requests += 1;
      if (res.status >= 500) counts.errors += 1;
      if (res.headers.get('x-cache-status') === 'HIT') counts.proxyHits += 1;
      else {
        counts.passed += 1;
        if (res.headers.get('x-cache') === 'HIT') counts.processHits += 1;
        else counts.renders += 1;
      }
    }
  };

  const auth = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' };
  const editor = async () => {
    let n = 0;
    while (Date.now() + WRITE_EVERY_S * 1_000 < endAt) {
      await new Promise((r) => setTimeout(r, WRITE_EVERY_S * 1_000));
      n += 1;
      const title = `Newsday change ${run} ${n}`;
      let check: string;
      let at: number;
      if (n % 2 === 1) {
        // A correction of a recent article: its page, and the lists showing it.
        const id = ids[Math.floor(Math.random() * 20)];
        const res = await fetch(`${base}/api/admin/articles/${id}`, { method: 'PATCH', headers: auth, body: JSON.stringify({ title }) });
        at = Date.now();
        await res.arrayBuffer();
        check = `/articles/${id}`;
      } else {
        const res = await fetch(`${base}/api/admin/articles`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ title, excerpt: 'A new story.', content: 'A new story, published during the news day.', category: categories[n % categories.length].slug, author: 'Alex Nguyen' }),
        });
        at = Date.now();
        await res.arrayBuffer();
        check = '/';
      }
      let freshAfterMs = Infinity;
      while (Date.now() - at < FRESH_WAIT_MS) {
        const sent = Date.now() - at;
        const page = await fetch(`${base}${check}`).then((r) => r.text(), () => '');
        if (page.includes(title)) {
          freshAfterMs = sent;
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      if (at >= measuredFrom) writes.push({ at, freshAfterMs });
    }
  };

  console.log(`readers on ${urls.length.toLocaleString('en-AU')} pages for ${SECONDS} s (${CONNECTIONS} connections), a write every ${WRITE_EVERY_S} s…`);
  await Promise.all([...Array.from({ length: CONNECTIONS }, reader), editor()]);

  const refreshed = (await refreshedSoFar()) - refreshedAtStart;
  counts.renders += refreshed;
  counts.rerenders += refreshed;
  const minutes = (endAt - measuredFrom) / 60_000;
  const fresh = writes.map((w) => w.freshAfterMs);
  const proxyRatio = counts.proxyHits / Math.max(1, counts.requests);
  const processRatio = counts.processHits / Math.max(1, counts.passed);
  const rendersPerWrite = writes.length ? counts.rerenders / writes.length : NaN;
  const p50 = percentile(fresh, 50);
  const p99 = percentile(fresh, 99);
  const ms = (value: number) => (Number.isFinite(value) ? `${value} ms` : `not within ${FRESH_WAIT_MS / 1_000} s`);
  const figures: BenchFigure[] = [
    { route: 'proxy hit ratio', figure: `${(proxyRatio * 100).toFixed(1)} % of ${counts.requests} requests`, value: proxyRatio, target: '>= 0.99', met: proxyRatio >= 0.99 },
    { route: 'in-process hit ratio (requests the proxy passed on)', figure: `${(processRatio * 100).toFixed(1)} % of ${counts.passed}`, value: processRatio, target: '>= 0.95', met: processRatio >= 0.95 },
    { route: 'renders per minute at the origin', figure: (counts.renders / minutes).toFixed(1), value: counts.renders / minutes, target: null, met: null },
    { route: 'renders per write (pages rendered again after being rendered once)', figure: `${rendersPerWrite.toFixed(1)} (${counts.rerenders} in ${writes.length} writes)`, value: rendersPerWrite, target: '<= 20', met: rendersPerWrite <= 20 },
    { route: 'commit to fresh at the proxy, p50', figure: `${ms(p50)} (${fresh.length} writes)`, value: p50, target: null, met: null },
    { route: 'commit to fresh at the proxy, p99', figure: `${ms(p99)} (${fresh.length} writes)`, value: p99, target: '<= 1000 ms', met: p99 <= 1_000 },
  ];
  for (const f of figures) console.log(`  ${f.route}: ${f.figure}${f.target ? ` (target ${f.target}: ${f.met ? 'met' : 'not met'})` : ''}`);
  console.log(`  errors (5xx): ${counts.errors}; pages rendered again by the processes after purges: ${refreshed}`);
  return figures;
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
  }
}

try {
  await main();
} finally {
  for (const cleanup of cleanups) await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
}
