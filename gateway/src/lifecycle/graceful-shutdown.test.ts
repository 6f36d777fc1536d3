import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createShutdown } from './graceful-shutdown.js';

function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; bytes: number; complete: boolean }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
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
  beforeAll(async () => {
    t = await createTestApp();
    // A request that is certainly still running when the listener closes.
    t.app.get('/test/slow', (_req, res) => {
      setTimeout(() => res.type('text').send('x'.repeat(5000)), 800);
    });
  });
  afterAll(() => t.db.close());

  it('fails readiness first, finishes in-flight requests, refuses new ones, then closes dependencies', async () => {
    const server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const closed: string[] = [];
    expect((await get(port, '/readyz')).status).toBe(200);

    const inFlight = get(port, '/test/slow');
    await sleep(30);
    const shutdown = createShutdown({
      server,
      readiness: t.readiness,
      graceMs: 200,
      timeoutMs: 5_000,
      closers: [async () => void closed.push('apollo'), async () => void closed.push('database')],
      logger: silent,
    });
    const finished = shutdown('SIGTERM');

    // During the grace period the server still answers, but readiness is off.
    const duringGrace = await get(port, '/readyz');
    expect(duringGrace.status).toBe(503);

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.complete).toBe(true);
    expect(response.bytes).toBeGreaterThan(1000);

    expect(await finished).toBe(true);
    expect(closed).toEqual(['apollo', 'database']);
    await expect(get(port, '/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('cuts connections that outlive the timeout and reports it', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200);
      res.write('partial');
      // Never ends on its own.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const hanging = get(port, '/');
    await sleep(30);
    const clean = await createShutdown({ server, readiness: { ready: true }, graceMs: 0, timeoutMs: 200, closers: [], logger: silent })('SIGTERM');
    expect(clean).toBe(false);
    expect(await hanging).toMatchObject({ status: 200, complete: false });
  });
});
