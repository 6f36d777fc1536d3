#!/usr/bin/env node
// Runs npm scripts side by side (`node scripts/run-parallel.mjs lint typecheck`): each one's output
// is printed whole when it ends, with its time; exits 1 when any failed. For checks that read the
// tree and write nothing another reads (lint, typecheck, the committed-schema checks).
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script>...');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      process.stdout.write(`\n── ${script}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds}s\n${text ? `${text}\n` : ''}`);
      resolve({ script, code, seconds });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(String(error)));
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
  });
}

const results = await Promise.all(scripts.map(run));
const failed = results.filter((r) => r.code !== 0);
console.log(`\n${results.map((r) => `${r.script} ${r.code === 0 ? 'ok' : 'FAILED'} (${r.seconds}s)`).join(', ')}`);
process.exit(failed.length ? 1 : 0);
