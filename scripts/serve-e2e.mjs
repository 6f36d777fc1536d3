#!/usr/bin/env node
// Starts the production build for the browser tests on a database of its own:
// PGlite in memory, or a fresh database on the server named by TEST_DATABASE_URL.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
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

// The site's mail goes to an SMTP server of the tests' own, which writes each message to E2E_MAIL_DIR.
let mailEnv = {};
let mailServer = null;
if (process.env.E2E_MAIL_DIR) {
  const dir = process.env.E2E_MAIL_DIR;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let received = 0;
  mailServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: 5 * 1024 * 1024,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        writeFileSync(path.join(dir, `${String(received).padStart(6, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise((resolve) => mailServer.listen(0, '127.0.0.1', resolve));
  mailEnv = { SMTP_URL: `smtp://127.0.0.1:${mailServer.server.address().port}`, NEWSLETTER_SECRET: 'e2e-newsletter-secret-0123456789abcdef' };
}

// The digests' clock file starts empty (real time) in a folder of its own, which the server watches.
if (process.env.NEWSLETTER_CLOCK_FILE) {
  mkdirSync(path.dirname(process.env.NEWSLETTER_CLOCK_FILE), { recursive: true });
  writeFileSync(process.env.NEWSLETTER_CLOCK_FILE, '');
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
    ...mailEnv,
  },
});
const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', async (code) => {
  mailServer?.close();
  await cleanup().catch(() => undefined);
  process.exit(code ?? 0);
});
