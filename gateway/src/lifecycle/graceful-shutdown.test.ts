import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createShutdown } from './graceful-shutdown.js';

function get(port: number, path: string, agent: http.Agent | false = false) {
  return new Promise<{ status: number; bytes: number; complete: boolean }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('close', () => resolve({ status: res.statusCode ?? 0, bytes, complete: res.complete }));
    });
    req.on('error', reject);
  });
}

const silent = { info() {}, warn() {} };

describe('graceful shutdown', () => {
  let t: TestApp;
  /** Requests to /test/held: each waits for the test to answer it. */
  const held: Response[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    // A request that is certainly still running when the listener closes: the test answers it.
    t.app.get('/test/held', (_req, res) => {
      held.push(res);
    });
  });
  afterAll(() => t.db.close());

  it('fails readiness first, finishes in-flight requests, refuses new ones, then closes dependencies', async () => {
    const server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const closed: string[] = [];
    // A connection open before the shutdown, kept alive: a load balancer's probe during the grace period.
    const probe = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, '/readyz', probe)).status).toBe(200);

    const inFlight = get(port, '/test/held');
    await expect.poll(() => held.length).toBe(1);
    const shutdown = createShutdown({
      server,
      readiness: t.readiness,
      graceMs: 1_000,
      timeoutMs: 30_000,
      closers: [async () => void closed.push('apollo'), async () => void closed.push('database')],
      logger: silent,
    });
    const finished = shutdown('SIGTERM');
    expect(t.readiness.ready).toBe(false);

    // During the grace period the server still answers, but readiness is off.
    const duringGrace = await get(port, '/readyz', probe);
    expect(duringGrace.status).toBe(503);
    probe.destroy();

    // The listener closes after the grace period; the request still running is answered in full.
    await expect.poll(() => server.listening).toBe(false);
    held[0].type('text').send('x'.repeat(5000));
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.complete).toBe(true);
    expect(response.bytes).toBeGreaterThan(1000);

    expect(await finished).toBe(true);
    expect(closed).toEqual(['apollo', 'database']);
    await expect(get(port, '/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('cuts connections that outlive the timeout and reports it', async () => {
    let received = 0;
    const server = http.createServer((_req, res) => {
      received += 1;
      res.writeHead(200);
      res.write('partial');
      // Never ends on its own.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const hanging = get(port, '/');
    await expect.poll(() => received).toBe(1);
    const clean = await createShutdown({ server, readiness: { ready: true }, graceMs: 0, timeoutMs: 200, closers: [], logger: silent })('SIGTERM');
    expect(clean).toBe(false);
    expect(await hanging).toMatchObject({ status: 200, complete: false });
  });
});
