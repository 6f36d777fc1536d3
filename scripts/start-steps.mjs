// The steps of `npm start`, each quiet unless it fails: what a command printed goes to a log file,
// and only a failure shows its last lines.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The newest modification time under `target`, skipping node_modules and dot folders. */
export function newestMtime(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Whether `host:port` can be listened on now (false: something holds it). */
export function portIsFree(host, port) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) => (error.code === 'EADDRINUSE' ? resolve(false) : reject(error)));
    probe.listen({ host: host || undefined, port: Number(port), exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * Runs a command with its output in `logFile` (appended), or on this terminal when `verbose`.
 * Resolves to { status, output }: `output` holds what the command printed (empty when verbose).
 */
export function runLogged(command, args, { cwd, env, logFile, verbose = false }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let log;
    if (!verbose) {
      mkdirSync(path.dirname(logFile), { recursive: true });
      log = createWriteStream(logFile, { flags: 'a' });
      log.write(`\n$ ${[command, ...args].join(' ')}  (${new Date().toISOString()})\n`);
      for (const stream of [child.stdout, child.stderr]) {
        stream.on('data', (chunk) => {
          log.write(chunk);
          // Kept only to show a failure's last lines and read the step's summary: at most 1 MB.
          output = (output + chunk.toString('utf8')).slice(-1_000_000);
        });
      }
    }
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const done = () => resolve({ status: code ?? (signal ? 1 : 0), output });
      if (log) log.end(done);
      else done();
    });
  });
}

/** The last `count` lines of a command's output, for a failure. */
export function lastLines(output, count = 30) {
  return output.trimEnd().split('\n').slice(-count).join('\n');
}

/**
 * What the server's `database ready` log line (JSON) says, as one line for a person:
 * `PGlite in .data/pglite: 12 migrations applied, launch content seeded`. Null when there is none.
 */
export function databaseSummary(output) {
  for (const line of output.split('\n')) {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry?.msg !== 'database ready') continue;
    const applied = Array.isArray(entry.migrations) ? entry.migrations.length : 0;
    const parts = [applied ? `${applied} migration${applied === 1 ? '' : 's'} applied` : 'schema up to date'];
    if (entry.seeded) parts.push('launch content seeded');
    return `${entry.database ?? 'database'}: ${parts.join(', ')}`;
  }
  return null;
}

/** Polls `url` until it answers 2xx, the deadline passes (false) or `stopped()` is true (false). */
export async function waitUntilAnswering(url, { deadlineMs = 120_000, stopped = () => false } = {}) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline && !stopped()) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

