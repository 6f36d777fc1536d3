import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { createServices, openDatabase, parseDatabaseUrl } from '../schema/src/index.js';
import { writeBenchResult } from './bench-result.js';

/**
 * Related articles for a page of articles: one batched call (what the GraphQL DataLoader does)
 * against the baseline of one call per article, in the same process on the same data.
 * Prints the ratio; lower is better for the batched path. `--out bench/results/related.json` keeps it.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const { orm } = await openDatabase(parseDatabaseUrl(process.env.DATABASE_URL ?? 'pglite:memory'));

async function timeIt(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  console.log(`${label.padEnd(28)} median ${median.toFixed(2)} ms`);
  return median;
}

try {
  const { nodes } = await createServices(orm.em.fork()).articles.page({ first: 40 });
  const baseline = await timeIt('one call per article', async () => {
    const services = createServices(orm.em.fork());
    for (const article of nodes) await services.articles.related(article);
  });
  const batched = await timeIt('one batched call', () => createServices(orm.em.fork()).articles.relatedMany(nodes));
  console.log(`related articles for ${nodes.length} articles: batched / baseline = ${(batched / baseline).toFixed(3)}`);
  writeBenchResult({
    name: 'related',
    command: 'npm run bench -- --out bench/results/related.json',
    settings: { database: process.env.DATABASE_URL ?? 'pglite:memory', rounds: ROUNDS, articles: nodes.length },
    figures: [
      {
        route: `related articles for ${nodes.length} articles`,
        figure: `one batched call ${batched.toFixed(2)} ms, ${(batched / baseline).toFixed(3)} of one call per article`,
        value: Number((batched / baseline).toFixed(3)),
        target: null,
        met: null,
      },
    ],
  });
} finally {
  await orm.close(true);
}
