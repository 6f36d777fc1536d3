import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteForFile } from './abuse-site.js';
import { expectSiteHeld, summarise, underAttack } from './attack-watch.js';
import { createDatabaseLinkProxy, type DatabaseLinkProxy } from './database-link-proxy.js';
import { addresses, type Answer, inPool, postJson, request } from './loopback-client.js';

/** Polls `probe` until `done` holds for its answer or the deadline passes; the last answer either way. */
async function pollUntil(probe: () => Promise<Answer>, done: (a: Answer) => boolean, deadlineMs: number): Promise<Answer> {
  const until = Date.now() + deadlineMs;
  let answer = await probe();
  while (!done(answer) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    answer = await probe();
  }
  return answer;
}

describe.runIf(process.env.TEST_DATABASE_URL)('database outages (PostgreSQL behind a proxy that can cut the link)', () => {
  let proxy: DatabaseLinkProxy;
  // A fresh answer lives 2 s here (not 60), so an outage row reaches the last good copy without waiting a minute.
  let site: ReturnType<typeof siteForFile>;
  beforeAll(async () => {
    proxy = await createDatabaseLinkProxy({ host: '127.0.0.1', port: Number(new URL(process.env.TEST_DATABASE_URL!).port || 5432) });
    site = siteForFile({
      env: { RESPONSE_CACHE_TTL_SECONDS: '2' },
      viaDatabaseUrl: (url) => {
        const via = new URL(url);
        via.host = `127.0.0.1:${proxy.port}`;
        return via.toString();
      },
    });
  });
  afterAll(async () => {
    await site.stop();
    await proxy.close();
  });

  it('Low 4: 3,000 /readyz requests from one address cost the database a handful of checks (cached for a second)', async () => {
    const s = await site.current();
    proxy.restore();
    let bytes = 0;
    let seconds = 0;
    const report = await underAttack(s, '127.250.0.31', async () => {
      const before = proxy.bytesToDatabase();
      const started = process.hrtime.bigint();
      const answers = await inPool(Array.from({ length: 3_000 }, (_, i) => i), 20, () => request(s.port, '/readyz', { from: '127.20.0.1', keepBytes: 0 }));
      bytes = proxy.bytesToDatabase() - before;
      seconds = Number(process.hrtime.bigint() - started) / 1e9;
      return answers;
    });
    expectSiteHeld(s, report);
    const statuses = report.result.map((a) => a.status);
    expect(statuses.every((st) => st === 200 || st === 429), `statuses ${summarise(statuses)}`).toBe(true);
    // One check is a few dozen bytes: 3,000 of them about 100 kB; a cached answer sends none. The
    // site's own timers (audience writes, outbox and queue polls) add a little every second, so a
    // slower flood is allowed their share on top of the checks.
    const allowed = 10_000 + 2_500 * seconds;
    expect(bytes, `${bytes} bytes sent to the database during a flood of ${seconds.toFixed(1)} s (allowed ${Math.round(allowed)})`).toBeLessThan(allowed);
  });

  it('Medium 7: in an outage GraphQL reads get their last good copy, and a query never answered gets 503 with Retry-After', async () => {
    const s = await site.current();
    proxy.restore();
    const graphql = `/graphql?query=${encodeURIComponent('{ breakingNews { id title } }')}`;
    const never = `/graphql?query=${encodeURIComponent(`{ articles(first: 3, category: "cybersecurity") { edges { node { id title } } } }`)}`;
    const headers = { 'apollo-require-preflight': 'true' };
    const read = (path: string) => request(s.port, path, { from: '127.21.0.1', headers });
    const report = await underAttack(s, '127.250.0.32', async () => {
      const warm = [await read(graphql), await read('/api/breaking-news')];
      proxy.cut();
      try {
        // Past the 2 s a fresh answer lives, the copy is stale: the database is asked and cannot answer.
        const staleGraphql = await pollUntil(() => read(graphql), (a) => a.headers['x-cache'] === 'STALE' || a.status !== 200 || a.body.includes('SERVICE_UNAVAILABLE'), 20_000);
        const staleRest = await pollUntil(() => read('/api/breaking-news'), (a) => a.headers['x-cache'] === 'STALE' || a.status !== 200, 20_000);
        const uncached = await read(never);
        return { warm, staleGraphql, staleRest, uncached };
      } finally {
        proxy.restore();
      }
    });
    expectSiteHeld(s, report);
    const { warm, staleGraphql, staleRest, uncached } = report.result;
    expect(warm.map((a) => a.status)).toEqual([200, 200]);
    expect([staleRest.status, staleRest.headers['x-cache']], 'REST serves its last good copy').toEqual([200, 'STALE']);
    expect([staleGraphql.status, staleGraphql.headers['x-cache']], `GraphQL serves its last good copy: ${staleGraphql.body.slice(0, 300)}`).toEqual([200, 'STALE']);
    expect(uncached.status, uncached.body.slice(0, 300)).toBe(503);
    expect(uncached.headers['retry-after']).toBeDefined();
  });

  it('Medium 4: during an outage 2,000 page views with unique 8 kB User-Agents from 20 addresses keep memory bounded', async () => {
    const s = await site.current();
    proxy.restore();
    await request(s.port, '/', { from: '127.22.0.250' });
    const clients = addresses(22, 20);
    proxy.cut();
    try {
      const report = await underAttack(s, '127.250.0.33', () =>
        inPool(Array.from({ length: 2_000 }, (_, i) => i), 16, (i) =>
          request(s.port, '/', {
            from: clients[i % clients.length],
            keepBytes: 0,
            headers: { 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ${randomBytes(4_000).toString('hex')}` },
          }),
        ),
      );
      expectSiteHeld(s, report);
      const statuses = report.result.map((a) => a.status);
      expect(statuses.every((st) => st === 200 || st === 429 || st === 503), `statuses ${summarise(statuses)}`).toBe(true);
    } finally {
      proxy.restore();
    }
  });

  it('Medium 5: silently dead database connections give 503 with Retry-After within seconds, and none fails a request once the network is back', async () => {
    const s = await site.current();
    proxy.restore();
    const report = await underAttack(s, '127.250.0.34', async () => {
      proxy.blackhole();
      try {
        const [read, write] = await Promise.all([
          request(s.port, `/api/search?q=outage+${randomBytes(3).toString('hex')}`, { from: '127.23.0.1', timeoutMs: 20_000 }),
          postJson(s.port, '/api/contact', { name: 'Outage Reader', email: 'outage@example.com', subject: 'During an outage', message: 'Was this stored?' }, {
            from: '127.23.0.2',
            timeoutMs: 20_000,
            headers: { 'idempotency-key': `abuse-${randomBytes(8).toString('hex')}` },
          }),
        ]);
        return { read, write };
      } finally {
        proxy.restore();
      }
    });
    const { read, write } = report.result;
    expect([read.status, read.failure], read.body.slice(0, 300)).toEqual([503, null]);
    expect(read.headers['retry-after']).toBeDefined();
    expect([write.status, write.failure], write.body.slice(0, 300)).toEqual([503, null]);
    expect(write.headers['retry-after']).toBeDefined();
    expect(write.body).toMatch(/may or may not/i);
    expect(write.body).toMatch(/Idempotency-Key/i);
    // The network is back: once ready, every uncached read succeeds (no dead pooled connection fails one).
    const ready = await pollUntil(() => request(s.port, '/readyz', { from: '127.23.0.3' }), (a) => a.status === 200, 60_000);
    expect(ready.status).toBe(200);
    const after = await inPool(Array.from({ length: 20 }, (_, i) => i), 4, (i) => request(s.port, `/api/search?q=after+${i}+${randomBytes(3).toString('hex')}`, { from: '127.23.0.4', timeoutMs: 20_000 }));
    expect(summarise(after.map((a) => a.status))).toBe('200x20');
    expectSiteHeld(s, report);
  });
});
