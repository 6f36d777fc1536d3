#!/usr/bin/env node
// `npm start`: checks the port, builds when the sources are newer than the last build, applies the
// migrations and seeds an empty database, then serves the production bundle. It prints one line a
// step; what the build and the database step print goes to .cache/start.log (VERBOSE=1 shows it).
import { spawn } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { listenUrl, portInUseMessage } from './listen-address.mjs';
import { serverEnv, serverNodeFlags } from './server-flags.mjs';
import { databaseSummary, lastLines, newestMtime, portIsFree, runLogged, waitUntilAnswering } from './start-steps.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const sources = ['web', 'gateway', 'schema', 'scripts', 'package.json', 'package-lock.json'];
const logFile = path.join(root, '.cache', 'start.log');
const verbose = process.env.VERBOSE === '1';
const env = { NODE_ENV: 'production', ...process.env };
const host = env.HOST ?? '0.0.0.0';
const port = env.PORT ?? '3000';
const serverArgs = [...serverNodeFlags(), path.join(root, 'dist/server/main.js')];
const relativeLog = path.relative(process.cwd(), logFile) || logFile;

function fail(step, output) {
  if (output) console.error(lastLines(output));
  console.error(`${step} failed${verbose ? '' : `: the whole output is in ${relativeLog}`}`);
  process.exit(1);
}

// A port that is taken is known before a minute of building.
if (/^\d+$/.test(port) && !(await portIsFree(host === '0.0.0.0' ? undefined : host, port))) {
  console.error(portInUseMessage(host, port));
  process.exit(1);
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (!builtAt || sourcesAt > builtAt || process.argv.includes('--rebuild')) {
  const started = Date.now();
  console.log(`Building the site (${builtAt ? 'the sources changed' : 'first start'}; about a minute)...`);
  const build = await runLogged('npm', ['run', 'build'], { cwd: root, env: process.env, logFile, verbose });
  if (build.status !== 0) fail('The build', build.output);
  writeFileSync(stamp, new Date().toISOString());
  console.log(`  built in ${Math.round((Date.now() - started) / 1000)} s`);
}

console.log('Migrating and seeding the database...');
// LOG_FORMAT json: the step's summary is read from the server's `database ready` line.
const database = await runLogged(process.execPath, [...serverArgs, '--migrate-only'], {
  cwd: root,
  env: { ...env, LOG_FORMAT: 'json', LOG_LEVEL: 'info' },
  logFile,
  verbose,
});
if (database.status !== 0) fail('The database step', database.output);
const summary = databaseSummary(database.output);
if (summary) console.log(`  ${summary}`);

const url = listenUrl(host, port);
console.log(`Starting the server on ${url} ...`);
const server = spawn(process.execPath, serverArgs, { cwd: root, stdio: 'inherit', env: serverEnv(env) });
let exited = false;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  exited = true;
  process.exit(code ?? (signal ? 0 : 1));
});
const probe = new URL('/healthz', host === '0.0.0.0' || host === '::' ? `http://127.0.0.1:${port}` : url);
if (await waitUntilAnswering(probe, { stopped: () => exited })) {
  console.log(`\nServing on ${url}  (Ctrl+C stops the server; logs: LOG_LEVEL, LOG_FORMAT)\n`);
}
