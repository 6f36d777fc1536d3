import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import pg from 'pg';
import { inject } from 'vitest';
import { serverEnv, serverNodeFlags } from '../../scripts/server-flags.mjs';
import { request } from './loopback-client.js';

/** The owner's token of the attacked site: admin rows (drafts, keys, analytics) sign in with it. */
export const ABUSE_ADMIN_TOKEN = 'abuse-owner-token-0123456789abcdef';

/**
 * The bound the site's resident memory must stay under, whatever a client sends, on PostgreSQL and
 * on PGlite alike. PGlite keeps PostgreSQL inside the server's own process: it rests at about
 * 225 MB, and the rows peak at 235-334 MB there (decisions 133-136).
 */
export const RSS_LIMIT_MB = 350;

export interface AbuseSite {
  port: number;
  url: string;
  child: ChildProcess;
  /** postgres:// of its own database, or null on PGlite. */
  databaseUrl: string | null;
  /** Resident memory at rest, right after it became ready. */
  restingRssMb: number;
  /** What the row's peak resident memory must stay under. */
  rssCeilingMb: number;
  /** Bytes the process has written to stdout and stderr (its logs). */
  logBytes(): number;
  /** The last lines of stderr, for a failure's message. */
  lastErrors(): string;
  alive(): boolean;
  /** VmRSS in MB, or null once the process is gone. */
  rssMb(): number | null;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Settings beyond the defaults (never a limit: the rows attack the default limits). */
  env?: Record<string, string>;
  /** Reaches the database through this URL instead (a proxy in front of it). */
  viaDatabaseUrl?: (databaseUrl: string) => string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated, seeded PostgreSQL database each site's database is copied from; null on PGlite. */
    templateDatabaseUrl: string | null;
    /** On PGlite, the migrated, seeded data folder each site's folder is copied from; else null. */
    templatePgliteDir: string | null;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function adminQuery(databaseUrl: string, sql: string): Promise<void> {
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

/** A fresh copy of the template database (migrated and seeded once for the whole suite). */
async function copyOfTemplate(templateUrl: string): Promise<string> {
  const template = new URL(templateUrl);
  const name = `abuse_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await adminQuery(templateUrl, `create database "${name}" template "${template.pathname.slice(1)}"`);
  template.pathname = `/${name}`;
  return template.toString();
}

function copyOfPgliteTemplate(): string {
  const template = inject('templatePgliteDir');
  const folder = mkdtempSync(path.join(tmpdir(), 'abuse-pglite-'));
  if (template) cpSync(template, folder, { recursive: true });
  return folder;
}

/** A process's VmRSS from Linux's /proc, in MB. */
export function residentMb(pid: number | undefined): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The built server as `npm start` runs it (dist/server/main.js, production, the same Node flags and
 * default limits), on a loopback port, on its own copy of the PostgreSQL template database or on
 * a PGlite folder of its own; resolves once /readyz answers 200.
 */
export async function startSite(options: StartOptions = {}): Promise<AbuseSite> {
  const templateUrl = inject('templateDatabaseUrl');
  const databaseUrl = templateUrl ? await copyOfTemplate(templateUrl) : null;
  // Without PostgreSQL: PGlite in a data folder of its own, as `npm start` keeps it in .data/pglite,
  // already migrated and seeded as `npm start` leaves it before the server starts.
  const pgliteDir = databaseUrl ? null : copyOfPgliteTemplate();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...serverNodeFlags(), 'dist/server/main.js'], {
    env: {
      ...serverEnv(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: url,
      DATABASE_URL: databaseUrl ? (options.viaDatabaseUrl?.(databaseUrl) ?? databaseUrl) : `pglite:${pgliteDir}`,
      ADMIN_TOKEN: ABUSE_ADMIN_TOKEN,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logBytes = 0;
  let errors = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    logBytes += chunk.length;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    logBytes += chunk.length;
    errors = (errors + chunk.toString('utf8')).slice(-4_000);
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  const deadline = Date.now() + 120_000;
  let ready = false;
  while (!ready && alive() && Date.now() < deadline) {
    ready = (await request(port, '/readyz', { timeoutMs: 5_000 })).status === 200;
    if (!ready) await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    if (alive()) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
    if (databaseUrl) {
      await adminQuery(databaseUrl, `drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`).catch(() => undefined);
    }
  };
  if (!ready) {
    await stop();
    throw new Error(`the built server did not become ready on ${url}:\n${errors}`);
  }
  const restingRssMb = Math.round(residentMb(child.pid) ?? 0);
  return {
    port,
    url,
    child,
    databaseUrl,
    restingRssMb,
    rssCeilingMb: RSS_LIMIT_MB,
    logBytes: () => logBytes,
    lastErrors: () => errors.slice(-1_500),
    alive,
    rssMb: () => residentMb(child.pid),
    stop,
  };
}

/**
 * One site per test file, started again before a row when an earlier row killed it, so each row
 * is judged on its own.
 */
export function siteForFile(options: StartOptions = {}) {
  let site: AbuseSite | null = null;
  return {
    async current(): Promise<AbuseSite> {
      if (site && !site.alive()) {
        await site.stop();
        site = null;
      }
      site ??= await startSite(options);
      return site;
    },
    async stop(): Promise<void> {
      await site?.stop();
      site = null;
    },
  };
}
