import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createShutdown } from './graceful-shutdown.js';

const silent = { info() {}, warn() {} };

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
    await expect.poll(() => cancelled.length, { message: 'the requests reached the server' }).toBe(2);
    // A timer as long as the shutdown timeout, set first, runs before the shutdown's own (Node runs
    // timers of one length in the order they were set): the cancel comes after it, not before,
    // however late both run on a busy machine.
    let timeoutPassed = false;
    setTimeout(() => (timeoutPassed = true), 300);
    const clean = await createShutdown({
      server,
      readiness: { ready: true },
      graceMs: 0,
      timeoutMs: 300,
      cancelInFlight: async () => {
        events.push(timeoutPassed ? 'cancel' : 'cancel before the timeout');
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
    expect(clean).toBe(false);
    expect(events).toEqual(['cancel', 'database', 'stuck']);
    expect(await Promise.all(inFlight)).toEqual([
      { status: 503, body: 'cancelled' },
      { status: 503, body: 'cancelled' },
    ]);
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
    await expect.poll(() => received, { message: 'the request reached the server' }).toBe(1);
    // Resolving at all is the proof: the cancel never settles.
    await createShutdown({ server, readiness: { ready: true }, graceMs: 0, timeoutMs: 100, cancelInFlight: () => new Promise(() => {}), answerMs: 100, closers: [], logger: silent })('SIGTERM');
    expect(await hanging).toBe('closed');
  });
});
