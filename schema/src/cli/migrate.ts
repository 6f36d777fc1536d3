import 'reflect-metadata';
import { createOrm, describeTarget, migrate, parseDatabaseUrl } from '../index.js';

/** Applies pending migrations to the database named by DATABASE_URL. */
const target = parseDatabaseUrl(process.env.DATABASE_URL);
const orm = await createOrm(target);
try {
  const pending = await orm.migrator.getPending();
  await migrate(orm);
  console.log(`${describeTarget(target)}: applied ${pending.length} migration(s).`);
} finally {
  await orm.close(true);
}
