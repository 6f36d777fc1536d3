import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverEnv, serverNodeFlags } from '../scripts/server-flags.mjs';
import type { CpuPinning } from './cpu-pinning.js';

/** Exits with a hint when the production build the HTTP benchmarks run is missing. */
export function requireBuild(): void {
  if (!existsSync('dist/server/main.js')) {
    console.error('dist/server/main.js is missing: run npm run build first');
    process.exit(1);
  }
}

/**
 * The built site as `npm start` runs it (production, the same Node flags), on `port`, with
 * BENCH_DATABASE_URL or PGlite in memory, warnings-only logs and limits that do not stop a
 * benchmark; resolves once /readyz answers. `dist` is the build's folder (a copy, to compare builds);
 * `pinning` starts it on the servers' cores.
 */
export async function startBuiltSite(port: number, env: Record<string, string> = {}, dist = 'dist', pinning: CpuPinning | null = null): Promise<ChildProcess> {
  // Run from the build's own checkout (a build of another commit reads its files from there).
  const root = path.resolve(dist, '..');
  const node: [string, string[]] = [process.execPath, [...serverNodeFlags(), path.join(root, path.basename(dist), 'server/main.js')]];
  const [command, args] = pinning ? pinning.server(...node) : node;
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...serverEnv(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'pglite:memory',
      LOG_LEVEL: 'warn',
      // Limits would stop the benchmark rather than measure it.
      API_RATE_LIMIT: '1000000000',
      PAGE_RATE_LIMIT: '1000000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) {
        if (child.pid !== undefined) pinning?.mainThreadAway(child.pid);
        return child;
      }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the site did not start');
}

/** Stops a child process and resolves once it has exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The limit for the site's resident memory under load on PostgreSQL. */
export const RSS_TARGET_MB = 350;

/** A figure of residentMb as printed: `123 MB`, or `unknown` without /proc. */
export const formatMb = (value: number | null) => (value === null ? 'unknown' : `${value} MB`);

/**
 * A child's resident memory in MB from Linux's /proc (VmRSS: now; VmHWM: the most it has held
 * since it started); null where there is no /proc.
 */
export function residentMb(child: ChildProcess, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}
