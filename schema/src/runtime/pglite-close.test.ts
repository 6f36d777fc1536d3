import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const patch = fileURLToPath(new URL('./pglite-close.ts', import.meta.url));

// Closes a database at each point of a query in flight (after 0 to 8 turns of the event loop's
// microtasks). Before the fix, some of those points left the query looping inside the engine, so
// the check runs in its own process: a hang there is a failed test here, not a stuck worker. Each
// point prints a line when it is done: a process that stops printing is hung, however slow the
// machine is (a busy one takes seconds to start each database).
const closeUnderQueries = `
const { PGlite } = await import('@electric-sql/pglite');
await import(${JSON.stringify(patch)});
const outcomes = new Set();
// One initdb, its files loaded by each database after it: creating nine from scratch took most of the test.
const template = await PGlite.create();
const files = await template.dumpDataDir('none');
await template.close();
for (let turns = 0; turns <= 8; turns++) {
  const db = await PGlite.create({ loadDataDir: files });
  await db.query('select 1');
  const query = db.query('select $1::int as n', [turns]);
  for (let i = 0; i < turns; i++) await Promise.resolve();
  const [ran] = await Promise.allSettled([query, db.close()]);
  if (!db.closed) throw new Error('not closed after ' + turns + ' turns');
  outcomes.add(ran.status);
  console.log('closed after ' + turns + ' turns');
}
console.log(JSON.stringify([...outcomes].sort()));
`;

/** Runs `code` in a child process, killed as hung when it prints nothing for `silentMs`. */
function runUntilSilent(code: string, silentMs: number): Promise<{ exit: number | null; out: string; hung: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let hung = false;
    const deadline = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, silentMs);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
      deadline.refresh();
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk));
    child.on('exit', (exit) => {
      clearTimeout(deadline);
      resolve({ exit, out, hung });
    });
  });
}

describe('closing the embedded database', () => {
  it('waits for the query in flight instead of leaving it looping in the engine', { timeout: 600_000 }, async () => {
    const { exit, out, hung } = await runUntilSilent(closeUnderQueries, 60_000);
    expect(hung, 'a close under a query in flight held the process').toBe(false);
    expect(exit, out).toBe(0);
    // The query in flight finishes; one still waiting for the lock fails once the database is closed.
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? '[]')).toContain('fulfilled');
  });
});
