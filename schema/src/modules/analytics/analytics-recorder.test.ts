import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { MikroORM } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { createAnalyticsRecorder, MAX_VISITORS_PER_ADDRESS, type PageViewHit } from './analytics-recorder.js';

/** The counter while the database is away and when it is back: bounded, hashed, nothing accepted lost. */

/** A database that is down until `state.up`, then records every statement it runs. */
function fakeDatabase() {
  const state = { up: false, statements: [] as { sql: string; params: unknown[] }[] };
  const connection = {
    async execute(sql: string, params: unknown[] = []) {
      if (!state.up) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      state.statements.push({ sql, params });
      return /select salt/.test(sql) ? [{ salt: 'a'.repeat(64) }] : [];
    },
  };
  interface FakeEm {
    fork(): FakeEm;
    getConnection(): typeof connection;
    getTransactionContext(): undefined;
    transactional<T>(work: (tx: FakeEm) => Promise<T>): Promise<T>;
  }
  const em: FakeEm = {
    fork: () => em,
    getConnection: () => connection,
    getTransactionContext: () => undefined,
    async transactional<T>(work: (tx: FakeEm) => Promise<T>): Promise<T> {
      if (!state.up) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return work(em);
    },
  };
  const inserted = (table: string) => state.statements.filter((s) => s.sql.includes(`insert into ${table}`)).flatMap((s) => s.params);
  return { orm: { em } as unknown as MikroORM, state, inserted };
}

const view = (n: number, overrides: Partial<PageViewHit> = {}): PageViewHit => ({
  path: `/articles/${n}`,
  template: 'article',
  articleId: n,
  reader: `203.0.113.${n % 250}\nMozilla/5.0 reader ${n}`,
  referrerHost: null,
  country: 'AU',
  ...overrides,
});

/** The collector on demand: a heap measurement after it counts only what is still held. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('the audience counter during a database outage', () => {
  it('hashes each visitor as the view is recorded: huge user agents are not held', async () => {
    const { orm } = fakeDatabase();
    const counter = createAnalyticsRecorder(orm, { flushIntervalMs: 0 });
    const gc = collector();
    gc();
    const before = process.memoryUsage().heapUsed;
    // 2,000 readers with 20 kB user agents: 40 MB if the strings were kept.
    for (let n = 0; n < 2_000; n += 1) counter.recordView(view(1, { reader: `198.51.100.${n % 250}\n${String(n).padEnd(20_000, 'x')}` }));
    await expect(counter.flush()).rejects.toThrow(/ECONNREFUSED/);
    gc();
    const held = process.memoryUsage().heapUsed - before;
    expect(held).toBeLessThan(4 * 1024 * 1024);
    // 250 addresses with three visitors each, hashed: a few hundred bytes apiece.
    expect(counter.stats.pendingBytes).toBeLessThan(250_000);
  });

  it('keeps pending counts within their byte bound, counts refused parts as dropped, and still adds to counts it holds', async () => {
    const { orm, state, inserted } = fakeDatabase();
    const maxPendingBytes = 64 * 1024;
    const counter = createAnalyticsRecorder(orm, { flushIntervalMs: 0, maxPendingBytes });
    for (let n = 1; n <= 5_000; n += 1) counter.recordView(view(n));
    expect(counter.stats.pendingBytes).toBeLessThanOrEqual(maxPendingBytes);
    expect(counter.stats.dropped).toBeGreaterThan(0);
    // A view of a page already pending costs nothing and is never refused.
    const dropped = counter.stats.dropped;
    for (let n = 0; n < 100; n += 1) counter.recordView(view(1, { reader: `203.0.113.1\nMozilla/5.0 reader 1` }));
    expect(counter.stats.dropped).toBe(dropped);
    await expect(counter.flush()).rejects.toThrow(/ECONNREFUSED/);
    expect(counter.stats.pendingBytes).toBeLessThanOrEqual(maxPendingBytes);

    state.up = true;
    await counter.flush();
    const views = inserted('page_view_daily');
    // Rows of five parameters: day, path, template, article id, views.
    const first = views.findIndex((value) => value === '/articles/1');
    expect(views[first + 3]).toBe(101);
    expect(counter.stats.pendingBytes).toBe(0);
    // Nothing written holds an address or a user agent.
    expect(JSON.stringify(state.statements)).not.toMatch(/203\.0\.113|Mozilla/);
  });
});

describe('visitors', () => {
  it(`counts at most ${MAX_VISITORS_PER_ADDRESS} visitors per address a day, whatever agents it sends`, async () => {
    const { orm, state, inserted } = fakeDatabase();
    state.up = true;
    const counter = createAnalyticsRecorder(orm, { flushIntervalMs: 0 });
    for (let n = 0; n < 200; n += 1) counter.recordView(view(1, { reader: `192.0.2.7\nForged agent ${n}` }));
    // Another address (IPv6, keyed by its /56 upstream) counts on its own.
    counter.recordView(view(1, { reader: `2001:db8:1:100::/56\nMozilla/5.0` }));
    await counter.flush();
    const hashes = inserted('visitor_daily').filter((value) => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value));
    expect(new Set(hashes).size).toBeLessThanOrEqual(MAX_VISITORS_PER_ADDRESS + 1);
    expect(new Set(hashes).size).toBeGreaterThanOrEqual(2);
  });

  it('counts visitors seen in an outage once the database is back, as salted hashes', async () => {
    const { orm, state, inserted } = fakeDatabase();
    const counter = createAnalyticsRecorder(orm, { flushIntervalMs: 0 });
    counter.recordView(view(1, { reader: '192.0.2.8\nMozilla/5.0 A' }));
    counter.recordView(view(2, { reader: '192.0.2.9\nMozilla/5.0 B' }));
    await expect(counter.flush()).rejects.toThrow(/ECONNREFUSED/);
    state.up = true;
    await counter.flush();
    const hashes = inserted('visitor_daily').filter((value) => typeof value === 'string' && value.length > 10);
    expect(hashes).toHaveLength(2);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
