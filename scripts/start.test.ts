import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listenErrorMessage, listenUrl, portInUseMessage } from './listen-address.mjs';
import { databaseSummary, portIsFree, runLogged } from './start-steps.mjs';

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm start', () => {
  it('answers a busy port with one line naming PORT, before it builds anything', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    try {
      const { code, stdout, stderr } = await run(['scripts/start.mjs'], { PORT: String(port), HOST: '127.0.0.1' });
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toEqual([portInUseMessage('127.0.0.1', port)]);
      expect(stderr).toContain(`PORT ${port}`);
      expect(stderr).not.toContain('EADDRINUSE');
    } finally {
      holder.close();
    }
  });

  it('tells a free port from a busy one', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    await expect(portIsFree('127.0.0.1', port)).resolves.toBe(false);
    holder.close();
    await new Promise((resolve) => holder.once('close', resolve));
    await expect(portIsFree('127.0.0.1', port)).resolves.toBe(true);
  });

  it('keeps a step\'s output in the log file, not on the terminal', async () => {
    const logFile = join(mkdtempSync(join(tmpdir(), 'start-log-')), 'start.log');
    const script = 'for (let i = 0; i < 500; i++) console.log("line " + i); console.error("a warning")';
    const result = await runLogged(process.execPath, ['-e', script], { cwd: process.cwd(), env: process.env, logFile });
    expect(result.status).toBe(0);
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain('line 499');
    expect(log).toContain('a warning');
    expect(result.output).toContain('line 0');
    const failed = await runLogged(process.execPath, ['-e', 'console.log("broken"); process.exit(3)'], { cwd: process.cwd(), env: process.env, logFile });
    expect(failed).toEqual({ status: 3, output: 'broken\n' });
  });

  it('sums up the database step from the server\'s log line', () => {
    const line = JSON.stringify({ level: 30, msg: 'database ready', database: 'embedded PGlite in .data/pglite', migrations: ['a', 'b'], seeded: true });
    expect(databaseSummary(`noise\n${line}\n`)).toBe('embedded PGlite in .data/pglite: 2 migrations applied, launch content seeded');
    const again = JSON.stringify({ msg: 'database ready', database: 'PostgreSQL at db:5432', migrations: [], seeded: false });
    expect(databaseSummary(again)).toBe('PostgreSQL at db:5432: schema up to date');
    expect(databaseSummary('nothing here')).toBeNull();
  });
});

describe('the address the server prints', () => {
  it('is localhost for every interface, else the address it listens on', () => {
    expect(listenUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(listenUrl('::', 3000)).toBe('http://localhost:3000');
    expect(listenUrl('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(listenUrl('::1', 3000)).toBe('http://[::1]:3000');
  });

  it('names the setting to change for a busy port or a foreign address', () => {
    expect(listenErrorMessage(Object.assign(new Error('x'), { code: 'EADDRINUSE' }), '0.0.0.0', 3000)).toMatch(/^PORT 3000 is already in use: .*PORT=3001 npm start$/);
    expect(listenErrorMessage(Object.assign(new Error('x'), { code: 'EADDRNOTAVAIL' }), '10.9.9.9', 3000)).toMatch(/^HOST 10\.9\.9\.9 /);
    expect(listenErrorMessage(new Error('other'), '0.0.0.0', 3000)).toBeNull();
  });
});
