import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Names a run's template databases, so its teardown drops them and nothing else. */
export function templateDatabasePrefix(runId: string): string {
  return `test_tpl_${runId}_`;
}

/**
 * Once per test run (vitest globalSetup): a folder and an id the workers share, so the migrated,
 * seeded templates of test-database.ts are built once per run; and one seeding time for every
 * worker, so TEST_NOW is the time the shared rows were written. Teardown drops the run's templates.
 */
export async function setup(): Promise<() => Promise<void>> {
  const runId = randomUUID().replace(/-/g, '').slice(0, 12);
  const runDir = await mkdtemp(path.join(tmpdir(), 'test-templates-'));
  process.env.TEST_RUN_ID = runId;
  process.env.TEST_TEMPLATE_DIR = runDir;
  process.env.TEST_SEED_TIME ??= new Date().toISOString();
  return async () => {
    await rm(runDir, { recursive: true, force: true });
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${templateDatabasePrefix(runId)}%`]);
      for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.end();
    }
  };
}
