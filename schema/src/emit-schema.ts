import { writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { getGraphQLSchema } from './runtime/graphql-schema.js';

/** Writes schema/schema.graphql; with --check, fails when the committed file is stale. */
const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../schema.graphql');
const sdl = `${printSchema(lexicographicSortSchema(await getGraphQLSchema()))}\n`;
if (process.argv.includes('--check')) {
  const committed = await readFile(target, 'utf8').catch(() => '');
  if (committed !== sdl) {
    console.error('schema/schema.graphql is stale: run `npm run schema:emit` and commit it.');
    process.exit(1);
  }
  console.log('schema/schema.graphql is up to date.');
} else {
  await writeFile(target, sdl);
  console.log(`Wrote ${path.relative(process.cwd(), target)}`);
}
