import { randomUUID } from 'node:crypto';
import type { Options } from '@mikro-orm/core';
import pg from 'pg';
import { type DatabaseTarget, parseDatabaseUrl } from '../runtime/database-target.js';
import { createOrm, migrate, type Orm } from '../runtime/orm.js';
import { seedDatabase } from '../seeders/database-seeder.js';
import { seedTestContent, TEST_NOW } from './test-content.js';

export { TEST_NOW };

export interface TestDatabase {
  orm: Orm;
  target: DatabaseTarget;
  /** SQL statements run since the last reset, for query-count assertions. */
  queries: string[];
  close(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * What to store after migrating: the test content (./test-content.ts, the default), the launch
   * content of the real first start (only for tests of the launch seed itself), or nothing.
   */
  seed?: 'test' | 'launch' | false;
}

/**
 * A migrated, seeded database for one test file: PGlite in memory by default, or a throwaway
 * database on the server named by TEST_DATABASE_URL (created here, dropped on close).
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let target: DatabaseTarget = parseDatabaseUrl('pglite:memory');
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    target = { kind: 'postgres', url: url.toString() };
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    };
  }
  const queries: string[] = [];
  const overrides: Partial<Options> = {
    debug: ['query'],
    logger: (message: string) => queries.push(message),
  };
  const orm = await createOrm(target, overrides);
  await migrate(orm);
  const seed = options.seed ?? 'test';
  if (seed === 'test') await seedTestContent(orm.em.fork(), TEST_NOW);
  if (seed === 'launch') await seedDatabase(orm.em.fork(), TEST_NOW);
  queries.length = 0;
  return {
    orm,
    target,
    queries,
    async close() {
      await orm.close(true);
      await dropDatabase();
    },
  };
}
