import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
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
 * The built server must exist (`npm run test:abuse` builds first). With TEST_DATABASE_URL, one
 * database is migrated and seeded by the built server's own `--migrate-only` run, and every site of
 * the suite starts on a copy of it (a template copy takes a fraction of a second, a seed several).
 */
export default async function setup(project: TestProject) {
  if (!existsSync('dist/server/main.js')) throw new Error('dist/server/main.js is missing: run npm run build first');
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    project.provide('templateDatabaseUrl', null);
    return;
  }
  const name = `abuse_template_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await onServer(base, `create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const migrated = spawnSync(process.execPath, [...serverNodeFlags(), 'dist/server/main.js', '--migrate-only'], {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 120_000,
  });
  if (migrated.status !== 0) throw new Error(`migrating and seeding ${name} failed (exit ${migrated.status})`);
  project.provide('templateDatabaseUrl', url.toString());
  return async () => {
    await onServer(base, `drop database if exists "${name}" with (force)`);
  };
}
