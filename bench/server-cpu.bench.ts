/**
 * Server CPU per request of two or more builds of the site, measured together: every build runs at
 * once and the requests alternate between them, so the machine's neighbours weigh on all of them
 * alike (timing them one after the other on a shared machine moved results by more than the changes
 * being measured). Each round reads every server's CPU time (user + system, from /proc: Linux) over
 * the same requests; rounds swap the order the builds are asked in. Prints µs per request per round,
 * and each build's median ratio to the first build.
 *
 *   cp -r dist dist-before  # ...change, npm run build...
 *   npm run bench:cpu -- --builds dist-before,dist [--path /] [--requests 500] [--rounds 6] [--cache off]
 *   --post '{"query":"..."}' sends a GraphQL POST to --path instead of a GET; --out bench/results/cpu.json keeps the result.
 *   BENCH_DATABASE_URL=postgres://... runs the sites on a real PostgreSQL (default: PGlite in memory).
 */
import { parseArgs } from 'node:util';
import { startBuiltSite, stopProcess } from './built-site.js';
import { writeBenchResult } from './bench-result.js';
import { cpuMicros, median } from './stats.js';

const { values } = parseArgs({
  options: {
    builds: { type: 'string', default: 'dist' },
    path: { type: 'string', default: '/' },
    requests: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '6' },
    cache: { type: 'string', default: 'off' },
    post: { type: 'string' },
    out: { type: 'string' },
  },
});
const BUILDS = values.builds.split(',');
const REQUESTS = Number(values.requests);
const ROUNDS = Number(values.rounds);
const FIRST_PORT = 4431;

// Apollo's CSRF prevention answers a GraphQL GET without a preflight header with 400; bench:http sends it too.
const request: RequestInit = values.post
  ? { method: 'POST', headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' }, body: values.post }
  : values.path.startsWith('/graphql')
    ? { headers: { 'apollo-require-preflight': 'true' } }
    : {};

async function ask(port: number): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${port}${values.path}`, request);
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`${values.path} answered ${answer.status}`);
}

/** `count` requests per server, two at a time, each pair of loops asking every server in turn. */
async function alternate(ports: number[], count: number): Promise<void> {
  await Promise.all(
    [0, 1].map(async () => {
      for (let i = 0; i < count / 2; i++) for (const port of ports) await ask(port);
    }),
  );
}

const env = { RESPONSE_CACHE_TTL_SECONDS: values.cache === 'off' ? '0' : '300' };
const ports = BUILDS.map((_, i) => FIRST_PORT + i);
// One start alone first: on an empty database it migrates and seeds, which the builds must not race.
// It is stopped, so that no build is measured with what seeding left in its process.
await stopProcess(await startBuiltSite(ports[0], env, BUILDS[0]));
const sites = await Promise.all(BUILDS.map((dist, i) => startBuiltSite(ports[i], env, dist)));
const perRequest: number[][] = BUILDS.map(() => []);
try {
  await alternate(ports, Math.max(100, REQUESTS / 4));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ports : [...ports].reverse();
    const before = sites.map(cpuMicros);
    await alternate(order, REQUESTS);
    sites.forEach((site, i) => perRequest[i].push((cpuMicros(site) - before[i]) / REQUESTS));
    console.log(`round ${round + 1}: ${BUILDS.map((b, i) => `${b} ${Math.round(perRequest[i][round])} µs`).join(', ')}`);
  }
} finally {
  await Promise.all(sites.map(stopProcess));
}
console.table(
  BUILDS.map((build, i) => ({
    build,
    'median µs/request': Math.round(median(perRequest[i])),
    'median ratio to first': Number(median(perRequest[i].map((us, round) => us / perRequest[0][round])).toFixed(3)),
    'rounds lower than first': perRequest[i].filter((us, round) => us < perRequest[0][round]).length,
  })),
);
writeBenchResult(
  {
    name: 'cpu',
    command: `npm run bench:cpu -- --builds ${values.builds} --path ${values.path} --cache ${values.cache} --rounds ${ROUNDS} --requests ${REQUESTS}${values.out ? ` --out ${values.out}` : ''}`,
    settings: { builds: BUILDS, path: values.path, method: values.post ? 'POST' : 'GET', cache: values.cache, rounds: ROUNDS, requests: REQUESTS },
    figures: BUILDS.slice(1).map((build, j) => {
      const ratios = perRequest[j + 1].map((us, round) => us / perRequest[0][round]);
      const lower = perRequest[j + 1].filter((us, round) => us < perRequest[0][round]).length;
      return {
        route: `${values.post ? 'POST' : 'GET'} ${values.path}, ${build}`,
        figure: `${median(ratios).toFixed(3)} of ${BUILDS[0]}'s server CPU per request (lower in ${lower} of ${ROUNDS} rounds)`,
        value: Number(median(ratios).toFixed(3)),
        target: null,
        met: null,
      };
    }),
  },
  values.out,
);
