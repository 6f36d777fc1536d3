/**
 * A burst of readers on a page the response cache does not hold yet (just published, or just
 * invalidated by a write): N readers at once on the same page, against N readers at once on N
 * different pages, which is what the burst cost when every reader rendered the page for itself.
 * Both in the same run, on the built site with the response cache on. Prints the renders (answers
 * marked MISS), the time until every reader had the page, and the readers' p50/p95; run
 * `npm run build` first.
 *
 *   npm run bench:burst [-- --readers 50 --rounds 3 --path / --out bench/results/burst.json]
 *   BENCH_DATABASE_URL=postgres://... runs the site on a real PostgreSQL (default: PGlite in memory).
 */
import { parseArgs } from 'node:util';
import { requireBuild, startBuiltSite, stopProcess } from './built-site.js';
import { writeBenchResult } from './bench-result.js';
import { median } from './stats.js';

const { values } = parseArgs({
  options: {
    readers: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    path: { type: 'string', default: '/' },
    out: { type: 'string' },
  },
});
const READERS = Number(values.readers);
const ROUNDS = Number(values.rounds);
const PATH = values.path;
const PORT = 4391;
const BASE = `http://127.0.0.1:${PORT}`;

requireBuild();

interface Burst {
  renders: number;
  wallMs: number;
  p50: number;
  p95: number;
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/** Every reader asks at once; `url(i)` is reader i's address. */
async function burst(url: (i: number) => string): Promise<Burst> {
  const start = performance.now();
  const answers = await Promise.all(
    Array.from({ length: READERS }, async (_, i) => {
      const asked = performance.now();
      const res = await fetch(url(i), { headers: { 'accept-encoding': 'br, gzip' } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url(i)} answered ${res.status}`);
      return { ms: performance.now() - asked, miss: res.headers.get('x-cache') === 'MISS' };
    }),
  );
  const times = answers.map((a) => a.ms);
  return { renders: answers.filter((a) => a.miss).length, wallMs: performance.now() - start, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

const separator = PATH.includes('?') ? '&' : '?';

const site = await startBuiltSite(PORT, { RESPONSE_CACHE_TTL_SECONDS: '60' });
try {
  // Warm the server's code paths once, on an address no round uses.
  await burst(() => `${BASE}${PATH}${separator}burst=warm`);
  const same: Burst[] = [];
  const different: Burst[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // A new address per round: the cache holds nothing for it, as after a write.
    same.push(await burst(() => `${BASE}${PATH}${separator}burst=${round}-same`));
    different.push(await burst((i) => `${BASE}${PATH}${separator}burst=${round}-${i}`));
  }
  const row = (name: string, runs: Burst[]) =>
    `| ${name} | ${median(runs.map((r) => r.renders))} | ${median(runs.map((r) => r.wallMs)).toFixed(0)} | ${median(runs.map((r) => r.p50)).toFixed(0)} | ${median(runs.map((r) => r.p95)).toFixed(0)} |`;
  console.log(`${READERS} readers at once on ${PATH}, median of ${ROUNDS} rounds, response cache on and empty for those addresses`);
  console.log('| readers ask for | renders | all answered (ms) | p50 (ms) | p95 (ms) |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(row('the same page', same));
  console.log(row(`${READERS} different pages (every reader renders)`, different));
  console.log(`time until all answered, same / different: ${(median(same.map((r) => r.wallMs)) / median(different.map((r) => r.wallMs))).toFixed(3)}`);
  const figure = (runs: Burst[]) => {
    const renders = median(runs.map((r) => r.renders));
    return `${renders} render${renders === 1 ? '' : 's'}, all answered in ${median(runs.map((r) => r.wallMs)).toFixed(0)} ms (p95 ${median(runs.map((r) => r.p95)).toFixed(0)} ms)`;
  };
  const sameRenders = median(same.map((r) => r.renders));
  writeBenchResult(
    {
      name: 'burst',
      command: `npm run build && npm run bench:burst -- --readers ${READERS} --path ${PATH}${values.out ? ` --out ${values.out}` : ''}`,
      settings: { database: process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite in memory', readers: READERS, rounds: ROUNDS, path: PATH },
      figures: [
        // Readers who ask together for a page being rendered share that one render.
        { route: `${READERS} readers on ${PATH} at once, same page`, figure: figure(same), value: sameRenders, target: '1 render', met: sameRenders === 1 },
        { route: `${READERS} readers on ${PATH} at once, ${READERS} different pages`, figure: figure(different), value: median(different.map((r) => r.renders)), target: null, met: null },
      ],
    },
    values.out,
  );
} finally {
  await stopProcess(site);
}
