import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { serverNodeFlags } from '../../scripts/server-flags.mjs';

async function onServer(databaseUrl: string, sql: string): Promise<void> {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The built server must exist (`npm run test:abuse` builds first). One database is migrated and
 * seeded by the built server's own `--migrate-only` run, in a process of its own as `npm start`
 * does it, and every site of the suite starts on a copy: of that PostgreSQL database with
 * TEST_DATABASE_URL (a template copy takes a fraction of a second, a seed several), else of that
 * PGlite data folder.
 */
export default async function setup(project: TestProject) {
  if (!existsSync('dist/server/main.js')) throw new Error('dist/server/main.js is missing: run npm run build first');
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const folder = mkdtempSync(path.join(tmpdir(), 'abuse-template-'));
    const dataDir = path.join(folder, 'pglite');
    migrateAndSeed(`pglite:${dataDir}`, 'the PGlite template');
    project.provide('templateDatabaseUrl', null);
    project.provide('templatePgliteDir', dataDir);
    return () => rmSync(folder, { recursive: true, force: true });
  }
  const name = `abuse_template_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await onServer(base, `create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  migrateAndSeed(url.toString(), name);
  project.provide('templateDatabaseUrl', url.toString());
  project.provide('templatePgliteDir', null);
  return async () => {
    await onServer(base, `drop database if exists "${name}" with (force)`);
  };
}

function migrateAndSeed(databaseUrl: string, what: string): void {
  const migrated = spawnSync(process.execPath, [...serverNodeFlags(), 'dist/server/main.js', '--migrate-only'], {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 120_000,
  });
  if (migrated.status !== 0) throw new Error(`migrating and seeding ${what} failed (exit ${migrated.status})`);
}
