import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createShutdown } from './graceful-shutdown.js';

const silent = { info() {}, warn() {} };

/** Polls until `done()` holds: the requests reached the server, however busy the machine. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('the requests never reached the server');
    await sleep(5);
  }
}

function get(port: number) {
  return new Promise<{ status: number; body: string } | 'closed'>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve('closed'));
    });
    req.on('error', () => resolve('closed'));
  });
}

describe('shutdown timeout is a hard limit', () => {
  it('cancels in-flight work at the timeout, lets the requests answer, then closes past a dependency that never does', async () => {
    const cancelled: (() => void)[] = [];
    const events: string[] = [];
    // A request that waits on "the database" until its work is cancelled, then answers 503.
    const server = http.createServer((_req, res) => {
      cancelled.push(() => res.writeHead(503, { 'retry-after': '5' }).end('cancelled'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const inFlight = [get(port), get(port)];
    await until(() => cancelled.length === 2);
    const started = Date.now();
    const clean = await createShutdown({
      server,
      readiness: { ready: true },
      graceMs: 0,
      timeoutMs: 300,
      cancelInFlight: async () => {
        events.push('cancel');
        for (const answer of cancelled) answer();
      },
      closers: [
        async () => void events.push('database'),
        // A dependency that never closes cannot hold the process.
        () => new Promise(() => events.push('stuck')),
      ],
      closeMs: 200,
      logger: silent,
    })('SIGTERM');
    const elapsed = Date.now() - started;
    expect(clean).toBe(false);
    expect(events).toEqual(['cancel', 'database', 'stuck']);
    expect(await Promise.all(inFlight)).toEqual([
      { status: 503, body: 'cancelled' },
      { status: 503, body: 'cancelled' },
    ]);
    // Cancelled at the timeout, not before (a late answer never fails this on a busy machine).
    expect(elapsed).toBeGreaterThanOrEqual(300);
  });

  it('does not wait on a cancel that hangs', async () => {
    let received = 0;
    const server = http.createServer(() => {
      // Never answers.
      received++;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const hanging = get(port);
    await until(() => received === 1);
    // Resolving at all is the proof: the cancel never settles.
    await createShutdown({ server, readiness: { ready: true }, graceMs: 0, timeoutMs: 100, cancelInFlight: () => new Promise(() => {}), answerMs: 100, closers: [], logger: silent })('SIGTERM');
    expect(await hanging).toBe('closed');
  });
});
