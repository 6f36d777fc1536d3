import 'reflect-metadata';
import { createOrm, parseDatabaseUrl } from '../index.js';

/**
 * Generates a migration from the difference between the entities and the migrated schema.
 * Runs against a fresh in-memory database migrated to the current head, so it needs no server.
 */
const name = process.argv[2];
const orm = await createOrm(parseDatabaseUrl('pglite:memory'));
try {
  await orm.migrator.up();
  const result = await orm.migrator.create(undefined, false, false, name);
  if (!result.fileName) {
    console.log('No schema changes: no migration created.');
  } else {
    console.log(`Created ${result.fileName}; add it to schema/src/migrations/index.ts.`);
  }
} finally {
  await orm.close(true);
}
