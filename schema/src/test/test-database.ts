import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { MikroORM, type Options } from '@mikro-orm/core';
import pg from 'pg';
import { type DatabaseTarget, parseDatabaseUrl } from '../runtime/database-target.js';
import { buildOrmOptions, createOrm, migrate, type Orm } from '../runtime/orm.js';
import { seedDatabase } from '../seeders/database-seeder.js';
import { templateDatabasePrefix } from './template-databases.setup.js';
import { seedTestContent, TEST_NOW } from './test-content.js';

export { TEST_NOW };

export interface TestDatabase {
  orm: Orm;
  target: DatabaseTarget;
  /** SQL statements run since the last reset, for query-count assertions. */
  queries: string[];
  close(): Promise<void>;
}

type Seed = 'test' | 'launch' | false;

export interface TestDatabaseOptions {
  /**
   * What to store after migrating: the test content (./test-content.ts, the default), the launch
   * content of the real first start (only for tests of the launch seed itself), or nothing.
   */
  seed?: Seed;
}

/** Set by template-databases.setup.ts for one test run: where workers share the migrated, seeded templates. */
const RUN_DIR_ENV = 'TEST_TEMPLATE_DIR';
const RUN_ID_ENV = 'TEST_RUN_ID';
const LOCK_DEADLINE_MS = 180_000;

/**
 * A migrated, seeded database for one test file: PGlite in memory by default, or a throwaway
 * database on the server named by TEST_DATABASE_URL (created here, dropped on close).
 * Migrating and seeding happen once per run: each database is a copy of a template (PGlite's data
 * folder dump, or a PostgreSQL template database), so a test file pays for a copy only.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const seed = options.seed ?? 'test';
  const queries: string[] = [];
  const overrides: Partial<Options> = {
    debug: ['query'],
    logger: (message: string) => queries.push(message),
  };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const template = await postgresTemplate(serverUrl, seed);
    await withAdmin(serverUrl, (admin) => createDatabaseFrom(admin, name, template));
    const target: DatabaseTarget = { kind: 'postgres', url: databaseUrl(serverUrl, name) };
    const orm = await createOrm(target, overrides);
    return {
      orm,
      target,
      queries,
      async close() {
        await orm.close(true);
        await withAdmin(serverUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
      },
    };
  }
  const target = parseDatabaseUrl('pglite:memory');
  const built = buildOrmOptions(target, overrides);
  const dump = await pgliteTemplate(seed);
  // The ORM deep-copies its options, which breaks a Blob: PGlite reads only these two members.
  const loadDataDir = { type: 'application/x-tar', arrayBuffer: () => dump.arrayBuffer() };
  const orm = await MikroORM.init({ ...built, driverOptions: { ...(built.driverOptions as object), loadDataDir } } as Options);
  return {
    orm,
    target,
    queries,
    async close() {
      await orm.close(true);
    },
  };
}

async function fill(orm: Orm, seed: Seed): Promise<void> {
  await migrate(orm);
  if (seed === 'test') await seedTestContent(orm.em.fork(), TEST_NOW);
  if (seed === 'launch') await seedDatabase(orm.em.fork(), TEST_NOW);
}

// ---------------------------------------------------------------------------------------------
// PGlite: the data folder of a migrated, seeded database, dumped once and loaded by every copy.
// ---------------------------------------------------------------------------------------------

const pgliteDumps = new Map<Seed, Promise<Blob>>();

function pgliteTemplate(seed: Seed): Promise<Blob> {
  let dump = pgliteDumps.get(seed);
  if (!dump) {
    dump = sharedPgliteDump(seed);
    pgliteDumps.set(seed, dump);
    dump.catch(() => pgliteDumps.delete(seed));
  }
  return dump;
}

async function buildPgliteDump(seed: Seed): Promise<Blob> {
  const orm = await createOrm(parseDatabaseUrl('pglite:memory'));
  try {
    await fill(orm, seed);
    const pglite = (await (orm.em.getConnection() as unknown as { getNativeClient(): Promise<PGlite> }).getNativeClient());
    return await pglite.dumpDataDir('none');
  } finally {
    await orm.close(true);
  }
}

/** The dump in the run's folder, built by the first worker that needs it. */
async function sharedPgliteDump(seed: Seed): Promise<Blob> {
  const runDir = process.env[RUN_DIR_ENV];
  if (!runDir) return buildPgliteDump(seed);
  const file = path.join(runDir, `pglite-${seed || 'empty'}.tar`);
  const read = async () => new Blob([await readFile(file)]);
  if (await exists(file)) return read();
  return withLock(`${file}.lock`, async () => {
    if (await exists(file)) return read();
    const dump = await buildPgliteDump(seed);
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  });
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Runs `fn` while holding a lock folder, waiting (within a deadline) for another worker's turn. */
async function withLock<T>(lock: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_DEADLINE_MS;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(`waited ${LOCK_DEADLINE_MS / 1000}s for ${lock}`, { cause: error });
      await delay(100);
    }
  }
  try {
    return await fn();
  } finally {
    await rmdir(lock).catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a template database per run and seed, copied with CREATE DATABASE ... TEMPLATE.
// ---------------------------------------------------------------------------------------------

const postgresTemplates = new Map<string, Promise<string>>();

function postgresTemplate(serverUrl: string, seed: Seed): Promise<string> {
  const runId = (process.env[RUN_ID_ENV] ?? `p${process.pid}`).replace(/[^a-z0-9]/gi, '').toLowerCase();
  const name = `${templateDatabasePrefix(runId)}${seed || 'empty'}`;
  let template = postgresTemplates.get(name);
  if (!template) {
    template = buildPostgresTemplate(serverUrl, name, seed, !process.env[RUN_ID_ENV]);
    postgresTemplates.set(name, template);
    template.catch(() => postgresTemplates.delete(name));
  }
  return template;
}

async function buildPostgresTemplate(serverUrl: string, name: string, seed: Seed, dropOnExit: boolean): Promise<string> {
  await withAdmin(serverUrl, async (admin) => {
    // One builder per template across the run's workers; the others wait, then find it built.
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return;
      const building = `${name}_building`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const orm = await createOrm({ kind: 'postgres', url: databaseUrl(serverUrl, building) });
      try {
        await fill(orm, seed);
      } finally {
        await orm.close(true);
      }
      // Renamed once complete: a template is never seen half built.
      await admin.query(`alter database "${building}" rename to "${name}"`);
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  // Outside a run (no setup to drop it), the template goes with the process.
  if (dropOnExit) process.once('beforeExit', () => void withAdmin(serverUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`)).catch(() => undefined));
  return name;
}

async function createDatabaseFrom(admin: pg.Client, name: string, template: string): Promise<void> {
  // Two copies starting at once can find the template busy for a moment: retried within a deadline.
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await admin.query(`create database "${name}" template "${template}"`);
      return;
    } catch (error) {
      const busy = /being accessed by other users/.test((error as Error).message);
      if (!busy || Date.now() > deadline) throw error;
      await delay(50);
    }
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(serverUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}
