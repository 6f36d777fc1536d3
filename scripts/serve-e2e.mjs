#!/usr/bin/env node
// Starts the production build for the browser tests on a database of its own:
// PGlite in memory, or a fresh database on the server named by TEST_DATABASE_URL.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { serverEnv, serverNodeFlags } from './server-flags.mjs';

let databaseUrl = 'pglite:memory';
let cleanup = async () => {};
if (process.env.TEST_DATABASE_URL) {
  const name = `e2e_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  cleanup = async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  };
}

const server = spawn(process.execPath, [...serverNodeFlags(), 'dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...serverEnv(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SITE_URL: process.env.E2E_SITE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4173}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Every browser of the suite is one address: its per-client limits would refuse the suite itself.
    PAGE_RATE_LIMIT: '1000000',
    API_RATE_LIMIT: process.env.API_RATE_LIMIT ?? '1000000',
    VITALS_RATE_LIMIT: '1000000',
    // The suite sends more messages and offers an hour than one reader may (10 by default).
    CONTACT_RATE_LIMIT: '100000',
    // The fediverse spec's peer server listens on loopback: its replies' signatures are checked against it.
    ACTIVITYPUB_ALLOW_LOOPBACK: 'true',
  },
});
const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', async (code) => {
  await cleanup().catch(() => undefined);
  process.exit(code ?? 0);
});
