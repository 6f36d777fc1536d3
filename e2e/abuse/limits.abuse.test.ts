import { spawnSync } from 'node:child_process';
import type net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { siteForFile } from './abuse-site.js';
import { expectSiteHeld, summarise, underAttack } from './attack-watch.js';
import { inPool, openSocket, postJson, request } from './loopback-client.js';

const site = siteForFile();
afterAll(() => site.stop());

describe('fair limits and bounded renders', () => {
  it('High 3: 800 concurrent uncached searches from one address get a page or a static 503 with Retry-After', async () => {
    const s = await site.current();
    const report = await underAttack(s, '127.250.0.11', () =>
      inPool(Array.from({ length: 800 }, (_, i) => i), 800, (i) => request(s.port, `/search?q=cloud+${i}`, { from: '127.15.0.1', timeoutMs: 30_000, keepBytes: 64 * 1024 })),
    );
    expectSiteHeld(s, report);
    const statuses = report.result.map((a) => a.status);
    // Beyond the renders in flight and a short queue, the refusal is cheap: a 503 that says when to retry.
    expect(statuses.every((st) => st < 500 || st === 503), `statuses ${summarise(statuses)}`).toBe(true);
    const unavailable = report.result.filter((a) => a.status === 503);
    expect(unavailable.every((a) => a.headers['retry-after'] !== undefined), 'every 503 carries Retry-After').toBe(true);
    expect(statuses.includes(200), `renders kept going: ${summarise(statuses)}`).toBe(true);
  });

  it('Medium 1: 150 concurrent inquiries from one address store at most 10 (the hourly limit)', async () => {
    const s = await site.current();
    const inquiry = (i: number) => ({ name: `Sender ${i}`, email: `sender${i}@example.com`, subject: `Question ${i}`, message: `Message number ${i} about an article.` });
    const report = await underAttack(s, '127.250.0.12', () =>
      inPool(Array.from({ length: 150 }, (_, i) => i), 150, (i) => postJson(s.port, '/api/contact', inquiry(i), { from: '127.17.0.1', timeoutMs: 30_000 })),
    );
    expectSiteHeld(s, report);
    const statuses = report.result.map((a) => a.status);
    expect(statuses.filter((st) => st === 201).length, `statuses ${summarise(statuses)}`).toBeLessThanOrEqual(10);
    expect(statuses.every((st) => st === 201 || st === 429 || st === 503 || st === 0), `statuses ${summarise(statuses)}`).toBe(true);
  });

  it('Medium 2: one address holding 1,000 half-open connections for 15 s leaves other readers served', async () => {
    const s = await site.current();
    const held = new Set<net.Socket>();
    const report = await underAttack(s, '127.250.0.13', async () => {
      const until = Date.now() + 15_000;
      // Headers begun and never finished; a connection the server closes is opened again, until the deadline.
      while (Date.now() < until) {
        const missing = 1_000 - held.size;
        await inPool(Array.from({ length: missing }, (_, i) => i), 100, async () => {
          const socket = await openSocket(s.port, '127.16.0.1');
          if (!socket) return;
          held.add(socket);
          socket.on('close', () => held.delete(socket));
          socket.on('error', () => socket.destroy());
          socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
        });
        await new Promise((r) => setTimeout(r, 250));
      }
      const most = held.size;
      for (const socket of held) socket.destroy();
      return most;
    });
    expectSiteHeld(s, report);
  });

  it('Medium 2: the same address cannot take all of the connections: a second address still connects and gets 200', async () => {
    const s = await site.current();
    const held: net.Socket[] = [];
    try {
      await inPool(Array.from({ length: 1_000 }, (_, i) => i), 100, async () => {
        const socket = await openSocket(s.port, '127.16.0.2');
        if (!socket) return;
        socket.on('error', () => socket.destroy());
        socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
        held.push(socket);
      });
      const answers = await inPool(Array.from({ length: 20 }, (_, i) => i), 1, () => request(s.port, '/about', { from: '127.250.0.14', timeoutMs: 10_000 }));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((st) => st === 200).length / statuses.length, `statuses ${summarise(statuses)}`).toBeGreaterThanOrEqual(0.95);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('partner keys', () => {
  it('High 4: a partner key reads the API cold and warm (200, never 500)', async () => {
    const s = await site.current();
    const created = spawnSync(process.execPath, ['--import', 'tsx', 'schema/src/cli/create-key.ts', '--name', 'Abuse Partner'], {
      env: { ...process.env, DATABASE_URL: s.databaseUrl!, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(created.status, created.stderr).toBe(0);
    const key = created.stdout.trim().split('\n').pop()!.trim();
    const reads = ['/api/articles', '/api/articles', '/api/breaking-news', '/api/breaking-news', '/api/categories/cybersecurity/articles?limit=3', '/api/categories/cybersecurity/articles?limit=3'];
    const report = await underAttack(s, '127.250.0.15', () => inPool(reads, 1, (path) => request(s.port, path, { from: '127.18.0.1', headers: { 'x-api-key': key } })));
    expectSiteHeld(s, report);
    const statuses = report.result.map((a) => a.status);
    expect(statuses, `statuses ${summarise(statuses)}`).toEqual(reads.map(() => 200));
  });
});
