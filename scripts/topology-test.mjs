#!/usr/bin/env node
// The deployment of docker-compose.yml without Docker: Debian's Varnish with xkey (varnish-modules)
// and the committed VCL (deploy/varnish/technews.vcl), two app processes of the production build
// (dist/server/main.js), PostgreSQL and Redis. Migrations run once, before the processes start (as
// compose's `migrate` service does). Then it proves, through the proxy:
//   1. load balancing: requests reach both processes;
//   2. proxy cache hits for anonymous pages and API reads (X-Cache-Status: HIT), no app involved;
//   3. nothing of admin or inquiries is cached (no-store, BYPASS, every POST reaches a process);
//   4. limits are shared: CONTACT_RATE_LIMIT inquiries across both processes, then 429; and the
//      API limit is N across both when requests alternate between them;
//   5. purges by tag after a correction: an article changed through the newsroom API on one
//      process is served changed by the other and by the proxy within a second, while a page not
//      showing it stays a proxy hit (pages are kept a day: s-maxage=86400);
//   6. a purge lost while the proxy cannot be reached arrives when it is back (retried from Redis).
// With --measure it also prints requests per second (autocannon) for 1 and 2 processes behind the
// proxy with its cache bypassed, and with the proxy cache on.
//
// Env: TOPOLOGY_DATABASE_URL (default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test:
//      a fresh database is created there and dropped at the end), TOPOLOGY_REDIS_URL (default
//      TEST_REDIS_URL or redis://127.0.0.1:6379/0: keys under a prefix of this run, deleted at the
//      end), VARNISHD_BIN (default varnishd on PATH, then /usr/sbin/varnishd). Needs `npm run build` first
//      (run here when dist/server/main.js is missing). Exits 1 when a check fails.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from './server-flags.mjs';
import { Redis } from 'ioredis';
import pg from 'pg';
import { varnishBinary } from './varnish-binary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const MEASURE = process.argv.includes('--measure');
const ADMIN_TOKEN = `topology-owner-${randomUUID()}`;
const CONTACT_LIMIT = 3;
const API_LIMIT = 200;
const TTL_SECONDS = 2;
const run = randomUUID().replace(/-/g, '').slice(0, 10);
const prefix = `topology-${run}`;
const databaseServer = process.env.TOPOLOGY_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TOPOLOGY_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

const children = [];
const cleanups = [];
const failures = [];
const started = Date.now();

function log(message) {
  console.log(`[topology ${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);
}

function check(condition, message) {
  if (condition) log(`ok   ${message}`);
  else {
    log(`FAIL ${message}`);
    failures.push(message);
  }
}

/** Ports already handed out: one that is free now is not bound until its process starts. */
const handedOut = new Set();

async function freePort() {
  for (;;) {
    const server = createServer();
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    await new Promise((resolve) => server.close(resolve));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

async function waitFor(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}


function startProcess(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const keep = (chunk) => {
    output.push(String(chunk));
    if (output.length > 200) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', (code, signal) => {
    if (!child.stopping) log(`${name} exited (${code ?? signal}):\n${output.join('').slice(-3000)}`);
  });
  children.push(child);
  child.output = output;
  return child;
}

async function stopAll() {
  for (const child of children.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.stopping = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(5_000).then(() => child.kill('SIGKILL'))]);
  }
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => log(`cleanup failed: ${error.message}`));
}

async function get(base, pathname, headers = {}) {
  const res = await fetch(`${base}${pathname}`, { headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

async function post(base, pathname, body, headers = {}) {
  const res = await fetch(`${base}${pathname}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, json: await res.json().catch(() => null) };
}

async function main() {
  // The production build: one process image for every replica.
  if (!existsSync(path.join(root, 'dist/server/main.js'))) {
    log('no production build: npm run build');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const varnishd = varnishBinary();

  // A database of this run on the PostgreSQL server.
  const dbName = `topology_${run}`;
  const admin = new pg.Client({ connectionString: databaseServer });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: databaseServer });
    await client.connect();
    await client.query(`drop database if exists "${dbName}" with (force)`);
    await client.end();
  });
  const databaseUrl = new URL(databaseServer);
  databaseUrl.pathname = `/${dbName}`;
  cleanups.push(async () => {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const proxyPort = await freePort();
  const base = `http://127.0.0.1:${proxyPort}`;
  // Purges reach the proxy through a relay this script can cut (check 6), as a network would.
  const relayPort = await freePort();
  const relay = purgeRelay(relayPort, proxyPort);
  cleanups.push(() => relay.cut());
  const appEnv = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    // One hop: the proxy. The client is the address the proxy saw.
    TRUST_PROXY: '1',
    SITE_URL: base,
    ADMIN_TOKEN,
    RESPONSE_CACHE_TTL_SECONDS: String(TTL_SECONDS),
    PROXY_PURGE_URLS: `http://127.0.0.1:${relayPort}/`,
    API_RATE_LIMIT: String(API_LIMIT),
    CONTACT_RATE_LIMIT: String(CONTACT_LIMIT),
    // Measuring: the page limit (one client here) would cap the figures, not the processes.
    ...(MEASURE ? { PAGE_RATE_LIMIT: '1000000' } : {}),
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  };

  // Migrations once, before any replica starts.
  const migrate = spawnSync(process.execPath, ['dist/server/main.js', '--migrate-only'], { cwd: root, env: { ...process.env, ...appEnv, PORT: '0' }, encoding: 'utf8' });
  check(migrate.status === 0, `migrations ran once before the processes started${migrate.status === 0 ? '' : `: ${migrate.stderr}${migrate.stdout}`}`);
  if (migrate.status !== 0) return;

  const appPorts = [await freePort(), await freePort()];
  const apps = appPorts.map((port) => `http://127.0.0.1:${port}`);
  appPorts.forEach((port, i) => startProcess(`app${i + 1}`, process.execPath, [...serverNodeFlags(), 'dist/server/main.js'], { ...appEnv, PORT: String(port) }));
  await Promise.all(apps.map((app) => waitFor(`${app}/readyz`)));
  for (const app of apps) {
    const ready = (await get(app, '/readyz')).json();
    check(ready.status === 'ready' && ready.redis === 'up', `${app} is ready and reports Redis up (${JSON.stringify(ready)})`);
  }

  // Varnish with the committed VCL, its backends pointed at this run's processes, in a folder of this run.
  const work = await mkdtemp(path.join(tmpdir(), 'technews-topology-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  const committed = await readFile(path.join(root, 'deploy/varnish/technews.vcl'), 'utf8');
  let backend = 0;
  const vcl = committed.replace(/\.host = "app\d";\n(\s*)\.port = "3000";/g, (_whole, indent) => `.host = "127.0.0.1";\n${indent}.port = "${appPorts[backend++]}";`);
  check(backend === 2, `the committed VCL names two backends (${backend})`);
  await writeFile(path.join(work, 'technews.vcl'), vcl);
  // As root, varnishd would hand its workers to the varnish user, who cannot use this run's private folder.
  const jail = process.getuid?.() === 0 ? ['-j', 'none'] : [];
  const compiled = spawnSync(varnishd, ['-C', '-f', path.join(work, 'technews.vcl'), '-n', path.join(work, 'varnish'), ...jail], { encoding: 'utf8' });
  check(compiled.status === 0, `varnishd compiles the committed VCL (varnishd -C)${compiled.status === 0 ? '' : `: ${compiled.stderr.slice(-2000)}`}`);
  if (compiled.status !== 0) return;
  const startProxy = () =>
    startProcess('varnishd', varnishd, ['-F', '-a', `127.0.0.1:${proxyPort}`, '-f', path.join(work, 'technews.vcl'), '-n', path.join(work, 'varnish'), '-s', 'malloc,128m', ...jail], {});
  startProxy();
  await waitFor(`${base}/healthz`);

  // 1. Load balancing.
  // The VCL names the process that answered each fetch (x-backend).
  const upstreams = [];
  for (let i = 0; i < 20; i += 1) upstreams.push((await get(base, `/api/articles?limit=1&spread=${i}`)).headers.get('x-backend'));
  const counts = ['app1', 'app2'].map((name) => upstreams.filter((u) => u === name).length);
  check(counts.every((c) => c >= 5), `requests are balanced across both processes (${counts.join(' / ')} of 20)`);

  // 2. Proxy cache hits for anonymous pages and API reads.
  for (const pathname of ['/', '/about', '/api/breaking-news']) {
    const first = await get(base, pathname);
    const second = await get(base, pathname);
    check(first.status === 200 && second.headers.get('x-cache-status') === 'HIT', `${pathname}: the second request is a proxy cache hit (${first.headers.get('x-cache-status')} then ${second.headers.get('x-cache-status')})`);
  }
  const served = [];
  for (let i = 0; i < 30; i += 1) served.push(await get(base, '/about'));
  const hits = served.filter((res) => res.headers.get('x-cache-status') === 'HIT').length;
  check(hits === 30, `30 more readers of /about are served by the proxy alone (${hits} hits)`);
  const tagged = served[0].headers;
  check(!tagged.has('surrogate-key') && !tagged.has('cache-tag') && !tagged.has('xkey'), 'the proxy strips Surrogate-Key, Cache-Tag and xkey before readers');
  const direct = await get(apps[0], '/about');
  check(/^public, max-age=0, s-maxage=86400\b/.test(direct.headers.get('cache-control') ?? '') && (direct.headers.get('surrogate-key') ?? '') !== '', `the processes send a day's s-maxage and the page's tags (${direct.headers.get('cache-control')}; ${direct.headers.get('surrogate-key')})`);

  // 3. Nothing of admin or inquiries is cached.
  const auth = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  for (let i = 0; i < 2; i += 1) {
    const inquiries = await get(base, '/api/admin/inquiries', auth);
    check(inquiries.status === 200 && inquiries.headers.get('cache-control') === 'no-store' && inquiries.headers.get('x-cache-status') === 'BYPASS', `admin inquiries go to a process every time (${inquiries.status}, ${inquiries.headers.get('cache-control')}, ${inquiries.headers.get('x-cache-status')})`);
    const refused = await get(base, '/api/admin/inquiries');
    check(refused.status === 401 && refused.headers.get('x-cache-status') !== 'HIT', `an admin request without a token is refused and never served from the cache (${refused.status}, ${refused.headers.get('x-cache-status')})`);
  }

  // 4. Shared limits: CONTACT_LIMIT inquiries across both processes, then 429.
  const message = { name: 'Alex Nguyen', email: 'alex@example.com.au', subject: 'Domain', message: 'What is the asking price?', inquiryType: 'domain' };
  const answers = [];
  for (let i = 0; i <= CONTACT_LIMIT; i += 1) answers.push(await post(base, '/api/contact', message));
  const contactUpstreams = new Set(answers.map((a) => a.headers.get('x-backend')));
  const references = new Set(answers.filter((a) => a.status === 201).map((a) => a.json.reference));
  check(
    answers.slice(0, CONTACT_LIMIT).every((a) => a.status === 201) && answers[CONTACT_LIMIT].status === 429 && references.size === CONTACT_LIMIT && contactUpstreams.size === 2,
    `the contact limit (${CONTACT_LIMIT}) holds across both processes: ${answers.map((a) => a.status).join(', ')}, ${references.size} distinct inquiries, through ${contactUpstreams.size} processes`,
  );
  check(answers.every((a) => a.headers.get('x-cache-status') !== 'HIT'), 'no inquiry answer came from the proxy cache');
  // The API limit: requests alternating between the processes (directly, as one client), N in all.
  const client = { 'X-Forwarded-For': '198.51.100.7' };
  let refusedAt = 0;
  for (let i = 0; i < API_LIMIT + 1 && !refusedAt; i += 1) {
    const res = await fetch(`${apps[i % 2]}/api/categories/edtech/articles?limit=1`, { headers: client });
    await res.arrayBuffer();
    if (res.status === 429) refusedAt = i + 1;
  }
  check(refusedAt === API_LIMIT + 1, `the API limit (${API_LIMIT} a minute) holds across both processes: refused at request ${refusedAt || 'none'}`);

  // 5. Purges by tag after a correction.
  const [article] = (await get(base, '/api/articles?limit=1')).json();
  const url = `/api/articles/${article.id}`;
  for (const app of apps) {
    await get(app, url);
    await get(app, url);
  }
  await get(base, url);
  const cached = await get(base, url);
  check(cached.headers.get('x-cache-status') === 'HIT', `the article is cached by the proxy before the change (${cached.headers.get('x-cache-status')})`);
  const title = `Published through the proxy ${run}`;
  const patch = await fetch(`${base}/api/admin/articles/${article.id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', ...auth }, body: JSON.stringify({ title }) });
  const patched = await patch.json().catch(() => null);
  check(patch.status === 200 && patched?.title === title, `the newsroom API changed the title through the proxy (${patch.status})`);
  const changedAt = Date.now();
  // When the first request that got the change was sent (a busy machine's slow answer is not the
  // propagation's time).
  // The older answers each process gave meanwhile, named in a failure (status, X-Cache, Age).
  const olderAnswers = apps.map(() => []);
  const seenBy = await Promise.all(
    apps.map(async (app, i) => {
      while (Date.now() - changedAt < 5_000) {
        const sent = Date.now() - changedAt;
        const res = await get(app, url);
        if (res.status === 200 && res.json().title === title) return sent;
        olderAnswers[i].push(`${sent} ms: ${res.status} ${res.headers.get('x-cache')} age ${res.headers.get('age')}`);
        await sleep(20);
      }
      return Infinity;
    }),
  );
  const older = olderAnswers.map((answers, i) => `process ${i + 1}: ${answers.slice(0, 3).join('; ')}${answers.length > 3 ? ` … ${answers.length} in all, last ${answers.at(-1)}` : ''}`);
  check(
    seenBy.every((ms) => ms < 1_000),
    `both processes serve the change within a second (asked ${seenBy.map((ms) => `${ms} ms`).join(', ')} after it)${seenBy.some((ms) => ms >= 1_000) ? `; older answers: ${older.join(' | ')}` : ''}`,
  );
  let proxySeen = Infinity;
  while (Date.now() - changedAt < 10_000) {
    const sent = Date.now() - changedAt;
    if ((await get(base, url)).json().title === title) {
      proxySeen = sent;
      break;
    }
    await sleep(20);
  }
  check(proxySeen < 1_000, `the proxy serves the correction within a second, its purge by tag received (${proxySeen} ms)`);
  const kept = await get(base, '/about');
  check(kept.headers.get('x-cache-status') === 'HIT', `a page not showing the article stays a proxy hit (${kept.headers.get('x-cache-status')})`);

  // 6. A purge lost while the proxy cannot be reached arrives when it is back.
  await get(base, url);
  check((await get(base, url)).headers.get('x-cache-status') === 'HIT', 'the corrected article is cached by the proxy again');
  await relay.cut();
  const unreachableTitle = `Corrected while the proxy was unreachable ${run}`;
  const second = await fetch(`${apps[1]}/api/admin/articles/${article.id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', ...auth }, body: JSON.stringify({ title: unreachableTitle }) });
  check(second.status === 200, `a second correction committed while the proxy cannot be reached (${second.status})`);
  // The apps have the change at once; the proxy keeps its copy, its purge waiting in Redis.
  await waitForTitle(apps[0], url, unreachableTitle, 5_000);
  const stale = (await get(base, url)).json().title;
  check(stale === title, `while unreachable, the proxy still holds the older copy (${stale === title ? 'older' : stale})`);
  relay.restore();
  const restoredAt = Date.now();
  const arrived = await waitForTitle(base, url, unreachableTitle, 10_000);
  check(arrived, `once reachable again the proxy gets the purge it missed (${Date.now() - restoredAt} ms after)`);

  if (MEASURE) await measure({ base, apps });
}

/** Asks until the answer has this title, for at most `timeoutMs`; whether it came. */
async function waitForTitle(base, url, title, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await get(base, url);
    if (res.status === 200 && res.json().title === title) return true;
    await sleep(50);
  }
  return false;
}

/**
 * A TCP relay in front of the proxy's port for purges: `cut` closes it (connections refused, as a
 * proxy that is down), `restore` opens it again on the same port.
 */
function purgeRelay(port, target) {
  let server = null;
  const sockets = new Set();
  const open = () => {
    server = createServer((socket) => {
      const upstream = connect(target, '127.0.0.1');
      sockets.add(socket);
      sockets.add(upstream);
      socket.pipe(upstream).pipe(socket);
      const drop = () => {
        socket.destroy();
        upstream.destroy();
        sockets.delete(socket);
        sockets.delete(upstream);
      };
      socket.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    server.listen(port, '127.0.0.1');
  };
  open();
  return {
    async cut() {
      if (!server) return;
      const closing = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => closing.close(resolve));
    },
    restore: open,
  };
}

/**
 * Requests per second for /about: one process directly and two behind the proxy with every request
 * rendered (a cookie bypasses both caches), interleaved (medians: the machine is shared), and with
 * the proxy cache on.
 */
async function measure({ base, apps }) {
  const { default: autocannon } = await import('autocannon');
  // Answers per second that were pages (2xx): a refusal would flatter the figure.
  const bench = async (headers = {}, url = `${base}/about`) => Math.round((await autocannon({ url, connections: 20, duration: 5, headers }))['2xx'] / 5);
  const render = { Cookie: 'bench=1' };
  const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  await bench(render); // warm-up
  const rounds = { one: [], two: [] };
  for (let round = 0; round < 2; round += 1) {
    rounds.one.push(await bench(render, `${apps[0]}/about`));
    rounds.two.push(await bench(render));
  }
  const cached = await bench();
  const appCache = await bench({}, `${apps[0]}/about`);
  const oneRender = median(rounds.one);
  const twoRender = median(rounds.two);
  console.log('\nRequests per second for /about (20 connections, 5 s runs, load generator, Varnish and apps on the same machine):');
  console.log(`  1 process directly, every request rendered:         ${oneRender} (runs: ${rounds.one.join(', ')})`);
  console.log(`  2 processes behind Varnish, every request rendered: ${twoRender} (runs: ${rounds.two.join(', ')}; x${(twoRender / oneRender).toFixed(2)})`);
  console.log(`  1 process directly, its response cache on (hits):   ${appCache} (x${(appCache / oneRender).toFixed(0)})`);
  console.log(`  2 processes, Varnish cache on (hits):               ${cached} (x${(cached / oneRender).toFixed(0)})\n`);
}

let crashed = false;
try {
  await main();
} catch (error) {
  console.error(error);
  crashed = true;
} finally {
  await stopAll();
}
log(crashed ? 'failed' : failures.length ? `${failures.length} check(s) failed` : 'all checks passed');
process.exit(crashed || failures.length ? 1 : 0);
