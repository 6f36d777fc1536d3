/**
 * Server CPU per request of two or more builds of the site, measured together: every build runs at
 * once and the requests alternate between them, so the machine's neighbours weigh on all of them
 * alike (timing them one after the other on a shared machine moved results by more than the changes
 * being measured). Each round reads every server's CPU time (user + system, from /proc: Linux) over
 * the same requests; rounds swap the order the builds are asked in. Prints µs per request per round,
 * and each build's median ratio to the first build, for each route asked for.
 *
 *   cp -r dist dist-before  # ...change, npm run build...
 *   npm run bench:cpu -- --builds dist-before,dist --cache on --routes cached
 *   npm run bench:cpu -- --help     lists the options and the named routes
 *   npm run bench:cpu -- --dry-run  prints what would run, and starts nothing
 *   BENCH_DATABASE_URL=postgres://... runs the sites on a real PostgreSQL (default: PGlite in memory).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { writeBenchResult } from './bench-result.js';
import { startBuiltSite, stopProcess } from './built-site.js';
import { cpuMicros, median } from './stats.js';

/** The query of the cached GraphQL reads: the latest stories, as the home page asks for them. */
const ARTICLES_QUERY = '{ articles(first: 10) { nodes { id title slug } } }';

/** One route measured: what is sent, and how its figures are named. */
interface BenchRoute {
  label: string;
  path: string;
  init: RequestInit;
}

// Apollo's CSRF prevention answers a GraphQL request without a preflight header with 400; bench:http sends it too.
const PREFLIGHT = { 'apollo-require-preflight': 'true' };

/** The routes `--routes` names; `cached` is the three of decision 070's comparison. */
const NAMED: Record<string, BenchRoute> = {
  'rest-get': { label: 'REST GET /api/articles?limit=10', path: '/api/articles?limit=10', init: {} },
  'graphql-get': { label: 'GraphQL GET, the latest stories', path: `/graphql?query=${encodeURIComponent(ARTICLES_QUERY)}`, init: { headers: PREFLIGHT } },
  'graphql-post': {
    label: 'GraphQL POST, the latest stories',
    path: '/graphql',
    init: { method: 'POST', headers: { ...PREFLIGHT, 'content-type': 'application/json' }, body: JSON.stringify({ query: ARTICLES_QUERY }) },
  },
};
const PRESETS: Record<string, string[]> = { cached: ['rest-get', 'graphql-get', 'graphql-post'] };

const USAGE = `npm run bench:cpu -- [options]

  --builds a,b        build folders to compare, the first the reference (default: dist)
  --routes names      comma-separated: ${Object.keys(NAMED).join(', ')}, or ${Object.keys(PRESETS)
  .map((name) => `${name} (${PRESETS[name].join(', ')})`)
  .join(', ')}; each measured in turn on the same running builds
  --path /x           one GET route instead (default /), or with --post a GraphQL POST to it
  --post '{"query":…}' the body of a POST to --path
  --cache on|off      the response cache (default off; on compares cached answers)
  --requests n        requests per build per round (default 500)
  --rounds n          rounds per route (default 6)
  --out file          keeps the result (bench/results/cpu.json)
  --dry-run           prints the builds and routes that would run, and starts nothing
  --help              this text

Compare cached REST GET, GraphQL GET and GraphQL POST of the build before and the build after:
  build the commit before into dist-before (a git worktree of it: npm ci && npm run build, then copy its dist)
  npm run build
  npm run bench:cpu -- --builds dist-before,dist --cache on --routes cached --requests 1000 --rounds 6`;

const { values } = parseArgs({
  options: {
    builds: { type: 'string', default: 'dist' },
    routes: { type: 'string' },
    path: { type: 'string', default: '/' },
    requests: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '6' },
    cache: { type: 'string', default: 'off' },
    post: { type: 'string' },
    out: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

/** The routes of this run: the named ones, or the one of --path (and --post). */
function routesOf(): BenchRoute[] {
  if (!values.routes) {
    if (values.post) return [{ label: `POST ${values.path}`, path: values.path, init: { method: 'POST', headers: { ...PREFLIGHT, 'content-type': 'application/json' }, body: values.post } }];
    return [{ label: `GET ${values.path}`, path: values.path, init: values.path.startsWith('/graphql') ? { headers: PREFLIGHT } : {} }];
  }
  return values.routes.split(',').flatMap((name) => {
    const names = PRESETS[name] ?? [name];
    return names.map((one) => {
      const route = NAMED[one];
      if (route) return route;
      console.error(`Unknown route ${one}: use ${[...Object.keys(NAMED), ...Object.keys(PRESETS)].join(', ')}`);
      process.exit(2);
    });
  });
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const BUILDS = values.builds.split(',');
const REQUESTS = Number(values.requests);
const ROUNDS = Number(values.rounds);
const ROUTES = routesOf();
const FIRST_PORT = 4431;
if (!Number.isInteger(REQUESTS) || REQUESTS < 2 || !Number.isInteger(ROUNDS) || ROUNDS < 1 || !['on', 'off'].includes(values.cache)) {
  console.error(`--requests, --rounds and --cache (on or off) are wrong\n\n${USAGE}`);
  process.exit(2);
}
const missing = BUILDS.filter((dist) => !existsSync(`${dist}/server/main.js`));
if (values['dry-run']) {
  console.log(`builds: ${BUILDS.join(', ')}${missing.length ? ` (missing: ${missing.join(', ')})` : ''}`);
  console.log(`cache ${values.cache}, ${ROUNDS} rounds of ${REQUESTS} requests per build, for each route:`);
  for (const route of ROUTES) console.log(`  ${route.label}: ${route.init.method ?? 'GET'} ${route.path}`);
  process.exit(0);
}
if (missing.length) {
  console.error(`No build in ${missing.join(', ')}: run npm run build (and copy dist to compare)`);
  process.exit(1);
}

async function ask(port: number, route: BenchRoute): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${port}${route.path}`, route.init);
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`${route.label} answered ${answer.status}`);
}

/** `count` requests per server, two at a time, each pair of loops asking every server in turn. */
async function alternate(ports: number[], route: BenchRoute, count: number): Promise<void> {
  await Promise.all(
    [0, 1].map(async () => {
      for (let i = 0; i < count / 2; i++) for (const port of ports) await ask(port, route);
    }),
  );
}

/** µs of server CPU per request of each build, per round. */
async function measure(sites: ChildProcess[], ports: number[], route: BenchRoute): Promise<number[][]> {
  const perRequest: number[][] = BUILDS.map(() => []);
  await alternate(ports, route, Math.max(100, REQUESTS / 4));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ports : [...ports].reverse();
    const before = sites.map(cpuMicros);
    await alternate(order, route, REQUESTS);
    sites.forEach((site, i) => perRequest[i].push((cpuMicros(site) - before[i]) / REQUESTS));
    console.log(`${route.label}, round ${round + 1}: ${BUILDS.map((b, i) => `${b} ${Math.round(perRequest[i][round])} µs`).join(', ')}`);
  }
  return perRequest;
}

const env = { RESPONSE_CACHE_TTL_SECONDS: values.cache === 'off' ? '0' : '300' };
const ports = BUILDS.map((_, i) => FIRST_PORT + i);
// One start alone first: on an empty database it migrates and seeds, which the builds must not race.
// It is stopped, so that no build is measured with what seeding left in its process.
await stopProcess(await startBuiltSite(ports[0], env, BUILDS[0]));
// The builds start one after the other, each with the whole start-up wait to itself: started
// together on a busy machine, they did not all answer within it.
const sites: ChildProcess[] = [];
const results = new Map<BenchRoute, number[][]>();
try {
  for (const [i, dist] of BUILDS.entries()) sites.push(await startBuiltSite(ports[i], env, dist));
  for (const route of ROUTES) results.set(route, await measure(sites, ports, route));
} finally {
  await Promise.all(sites.map(stopProcess));
}
const ratiosOf = (perRequest: number[][], i: number) => perRequest[i].map((us, round) => us / perRequest[0][round]);
console.table(
  ROUTES.flatMap((route) => {
    const perRequest = results.get(route)!;
    return BUILDS.map((build, i) => ({
      route: route.label,
      build,
      'median µs/request': Math.round(median(perRequest[i])),
      'median ratio to first': Number(median(ratiosOf(perRequest, i)).toFixed(3)),
      'rounds lower than first': perRequest[i].filter((us, round) => us < perRequest[0][round]).length,
    }));
  }),
);
const routeOptions = values.routes ? ` --routes ${values.routes}` : ` --path ${values.path}${values.post ? ` --post '${values.post}'` : ''}`;
writeBenchResult(
  {
    name: 'cpu',
    command: `npm run bench:cpu -- --builds ${values.builds}${routeOptions} --cache ${values.cache} --rounds ${ROUNDS} --requests ${REQUESTS}${values.out ? ` --out ${values.out}` : ''}`,
    settings: { builds: BUILDS, routes: ROUTES.map(({ label }) => label), cache: values.cache, rounds: ROUNDS, requests: REQUESTS },
    figures: ROUTES.flatMap((route) => {
      const perRequest = results.get(route)!;
      return BUILDS.slice(1).map((build, j) => {
        const ratios = ratiosOf(perRequest, j + 1);
        const lower = perRequest[j + 1].filter((us, round) => us < perRequest[0][round]).length;
        return {
          route: `${route.label}, ${build}`,
          figure: `${median(ratios).toFixed(3)} of ${BUILDS[0]}'s server CPU per request (lower in ${lower} of ${ROUNDS} rounds)`,
          value: Number(median(ratios).toFixed(3)),
          target: null,
          met: null,
        };
      });
    }),
  },
  values.out,
);
