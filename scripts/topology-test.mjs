#!/usr/bin/env node
// The deployment of docker-compose.yml without Docker: Debian's nginx with the committed proxy
// config (deploy/nginx/technews.conf.template), two app processes of the production build
// (dist/server/main.js), PostgreSQL and Redis. Migrations run once, before the processes start (as
// compose's `migrate` service does). Then it proves, through the proxy:
//   1. load balancing: requests reach both processes;
//   2. proxy cache hits for anonymous pages and API reads (X-Cache-Status: HIT), no app involved;
//   3. nothing of admin or inquiries is cached (no-store, BYPASS, every POST reaches a process);
//   4. limits are shared: CONTACT_RATE_LIMIT inquiries across both processes, then 429; and the
//      API limit is N across both when requests alternate between them;
//   5. invalidation after a publish: an article changed through the newsroom API on one process
//      is served changed by the other within a second, and through the proxy once its short
//      shared life (s-maxage, from RESPONSE_CACHE_TTL_SECONDS) has passed.
// With --measure it also prints requests per second (autocannon) for 1 and 2 processes behind the
// proxy with its cache bypassed, and with the proxy cache on.
//
// Env: TOPOLOGY_DATABASE_URL (default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test:
//      a fresh database is created there and dropped at the end), TOPOLOGY_REDIS_URL (default
//      TEST_REDIS_URL or redis://127.0.0.1:6379/0: keys under a prefix of this run, deleted at the
//      end), NGINX_BIN (default nginx on PATH, then /usr/sbin/nginx). Needs `npm run build` first
//      (run here when dist/server/main.js is missing). Exits 1 when a check fails.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from './server-flags.mjs';
import { Redis } from 'ioredis';
import pg from 'pg';

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

function nginxBinary() {
  if (process.env.NGINX_BIN) return process.env.NGINX_BIN;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  throw new Error('nginx not found: apt-get install -y nginx (or set NGINX_BIN)');
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
  const nginx = nginxBinary();

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

  // nginx with the committed site config, its ${...} names filled in, in a folder of this run.
  const work = await mkdtemp(path.join(tmpdir(), 'technews-topology-'));
  cleanups.push(() => rm(work, { recursive: true, force: true }));
  await mkdir(path.join(work, 'cache'), { recursive: true });
  const template = await readFile(path.join(root, 'deploy/nginx/technews.conf.template'), 'utf8');
  const values = { NGINX_PORT: `127.0.0.1:${proxyPort}`, APP_SERVERS: appPorts.map((port) => `server 127.0.0.1:${port};`).join(' '), CACHE_DIR: path.join(work, 'cache') };
  const site = template.replace(/\$\{([A-Z_]+)\}/g, (whole, name) => values[name] ?? whole);
  await writeFile(path.join(work, 'technews.conf'), site);
  const accessLog = path.join(work, 'access.log');
  await writeFile(
    path.join(work, 'nginx.conf'),
    [
      // As root, nginx's workers would run as nobody, who cannot use this run's private folder.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${path.join(work, 'nginx.pid')};`,
      `error_log ${path.join(work, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  client_body_temp_path ${path.join(work, 'client_body')};`,
      `  proxy_temp_path ${path.join(work, 'proxy')};`,
      `  fastcgi_temp_path ${path.join(work, 'fastcgi')};`,
      `  uwsgi_temp_path ${path.join(work, 'uwsgi')};`,
      `  scgi_temp_path ${path.join(work, 'scgi')};`,
      "  log_format topology '$upstream_addr $upstream_cache_status $status $request_method $request_uri';",
      `  access_log ${accessLog} topology;`,
      `  include ${path.join(work, 'technews.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const test = spawnSync(nginx, ['-t', '-c', path.join(work, 'nginx.conf'), '-p', work], { encoding: 'utf8' });
  check(test.status === 0, `nginx accepts the committed config (nginx -t)${test.status === 0 ? '' : `: ${test.stderr}`}`);
  if (test.status !== 0) return;
  startProcess('nginx', nginx, ['-c', path.join(work, 'nginx.conf'), '-p', work, '-g', 'daemon off;'], {});
  await waitFor(`${base}/healthz`);
  const readLines = async () => (await readFile(accessLog, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
  // nginx writes a request's line just after its answer: read once the log has stopped growing.
  const accessLines = async () => {
    let lines = await readLines();
    for (;;) {
      await sleep(100);
      const again = await readLines();
      if (again.length === lines.length) return again;
      lines = again;
    }
  };

  // 1. Load balancing.
  const before = (await accessLines()).length;
  for (let i = 0; i < 20; i += 1) await get(base, `/api/articles?limit=1&spread=${i}`);
  const upstreams = (await accessLines()).slice(before).map((line) => line.split(' ')[0]);
  const counts = appPorts.map((port) => upstreams.filter((u) => u.endsWith(`:${port}`)).length);
  check(counts.every((c) => c >= 5), `requests are balanced across both processes (${counts.join(' / ')} of 20)`);

  // 2. Proxy cache hits for anonymous pages and API reads.
  for (const pathname of ['/', '/about', '/api/breaking-news']) {
    const first = await get(base, pathname);
    const second = await get(base, pathname);
    check(first.status === 200 && second.headers.get('x-cache-status') === 'HIT', `${pathname}: the second request is a proxy cache hit (${first.headers.get('x-cache-status')} then ${second.headers.get('x-cache-status')})`);
  }
  const hitsBefore = (await accessLines()).length;
  for (let i = 0; i < 30; i += 1) await get(base, '/about');
  const served = (await accessLines()).slice(hitsBefore).filter((line) => line.endsWith(' GET /about'));
  check(served.length === 30 && served.every((line) => line.startsWith('- HIT')), `30 more readers of /about are served by the proxy alone (${served.filter((l) => l.startsWith('- HIT')).length} hits)`);

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
  const logBefore = (await accessLines()).length;
  const answers = [];
  for (let i = 0; i <= CONTACT_LIMIT; i += 1) answers.push(await post(base, '/api/contact', message));
  const contactUpstreams = new Set((await accessLines()).slice(logBefore).map((line) => line.split(' ')[0]));
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

  // 5. Invalidation after a publish.
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
    if ((await get(base, url)).json().title === title) {
      proxySeen = Date.now() - changedAt;
      break;
    }
    await sleep(100);
  }
  const sharedLife = Math.ceil(TTL_SECONDS / 2) * 1_000;
  check(proxySeen <= sharedLife + 2_000, `the proxy serves the change once its shared life (${sharedLife} ms) has passed (${proxySeen} ms)`);

  if (MEASURE) await measure({ base, apps, appPorts, work });
}

/**
 * Requests per second for 1 and 2 processes behind the proxy with every request rendered (a cookie
 * bypasses both caches), interleaved (1 2 1 2, medians: the machine is shared), and with the proxy
 * cache on.
 */
async function measure({ base, apps, appPorts, work }) {
  const { default: autocannon } = await import('autocannon');
  // Answers per second that were pages (2xx): a refusal would flatter the figure.
  const bench = async (headers = {}, url = `${base}/about`) => Math.round((await autocannon({ url, connections: 20, duration: 5, headers }))['2xx'] / 5);
  const conf = path.join(work, 'technews.conf');
  const both = await readFile(conf, 'utf8');
  const one = both.replace(`server 127.0.0.1:${appPorts[1]};`, '');
  const routeTo = async (config) => {
    await writeFile(conf, config);
    spawnSync(nginxBinary(), ['-s', 'reload', '-c', path.join(work, 'nginx.conf'), '-p', work]);
    await sleep(1_000);
  };
  const render = { Cookie: 'bench=1' };
  const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  await bench(render); // warm-up
  const rounds = { one: [], two: [] };
  for (let round = 0; round < 2; round += 1) {
    await routeTo(one);
    rounds.one.push(await bench(render));
    await routeTo(both);
    rounds.two.push(await bench(render));
  }
  const cached = await bench();
  const appCache = await bench({}, `${apps[0]}/about`);
  const oneRender = median(rounds.one);
  const twoRender = median(rounds.two);
  console.log('\nRequests per second for /about (20 connections, 5 s runs, load generator, nginx and apps on the same machine):');
  console.log(`  1 process behind nginx, every request rendered:   ${oneRender} (runs: ${rounds.one.join(', ')})`);
  console.log(`  2 processes behind nginx, every request rendered: ${twoRender} (runs: ${rounds.two.join(', ')}; x${(twoRender / oneRender).toFixed(2)})`);
  console.log(`  1 process directly, its response cache on (hits): ${appCache} (x${(appCache / oneRender).toFixed(0)})`);
  console.log(`  2 processes, nginx cache on (hits):               ${cached} (x${(cached / oneRender).toFixed(0)})\n`);
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
