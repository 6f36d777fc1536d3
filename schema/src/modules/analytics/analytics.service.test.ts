import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { createAnalyticsRecorder } from './analytics-recorder.js';
import { analyticsDay } from './analytics-day.js';
import { AnalyticsService } from './analytics.service.js';

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

const IP = '203.0.113.77';
const AGENT = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15 TestReader/41';
const reader = `${IP}\n${AGENT}`;
const DAY_ONE = new Date('2026-03-10T02:00:00Z'); // 13:00 in Sydney
const DAY_TWO = new Date('2026-03-11T02:00:00Z');

const rows = async (sql: string, params: unknown[] = []) => (await db.orm.em.fork().getConnection().execute(sql, params)) as Record<string, unknown>[];

describe('AnalyticsService and the recorder', () => {
  let clock = DAY_ONE;
  const recorder = () => createAnalyticsRecorder(db.orm, { now: () => clock, flushIntervalMs: 0 });

  it('adds views, visitors, referrers and countries per day, across two days and two flushes', async () => {
    const counter = recorder();
    clock = DAY_ONE;
    counter.recordView({ path: '/articles/1', template: 'article', articleId: 1, reader, referrerHost: 'news.google.com', country: 'AU' });
    counter.recordView({ path: '/articles/1', template: 'article', articleId: 1, reader, referrerHost: null, country: 'AU' });
    counter.recordView({ path: '/', template: 'home', articleId: null, reader: `198.51.100.4\n${AGENT}`, referrerHost: null, country: 'unknown' });
    await counter.flush();
    // A second flush the same day adds to the same rows (upserts).
    counter.recordView({ path: '/articles/1', template: 'article', articleId: 1, reader, referrerHost: 'news.google.com', country: 'AU' });
    await counter.flush();
    clock = DAY_TWO;
    counter.recordView({ path: '/articles/1', template: 'article', articleId: 1, reader, referrerHost: null, country: 'NZ' });
    await counter.close();

    const views = await rows(`select day::text as day, path, views from page_view_daily order by day, path`);
    expect(views).toEqual([
      { day: '2026-03-10', path: '/', views: 1 },
      { day: '2026-03-10', path: '/articles/1', views: 3 },
      { day: '2026-03-11', path: '/articles/1', views: 1 },
    ]);
    const visitors = await rows(`select day::text as day, count(*)::int as visitors from visitor_daily group by day order by day`);
    expect(visitors).toEqual([
      { day: '2026-03-10', visitors: 2 },
      { day: '2026-03-11', visitors: 1 },
    ]);
    expect(await rows(`select day::text as day, host, views from referrer_daily order by day`)).toEqual([{ day: '2026-03-10', host: 'news.google.com', views: 2 }]);
    expect(await rows(`select day::text as day, country, views from country_daily order by day, country`)).toEqual([
      { day: '2026-03-10', country: 'AU', views: 3 },
      { day: '2026-03-10', country: 'unknown', views: 1 },
      { day: '2026-03-11', country: 'NZ', views: 1 },
    ]);

    const dashboard = await new AnalyticsService(db.orm.em.fork()).dashboard(30, DAY_TWO);
    expect(dashboard.to).toBe('2026-03-11');
    expect(dashboard.daily).toHaveLength(30);
    expect(dashboard.daily.slice(-2)).toEqual([
      { day: '2026-03-10', views: 4, visitors: 2 },
      { day: '2026-03-11', views: 1, visitors: 1 },
    ]);
    expect(dashboard.totals).toEqual({ views: 5, visitors: 3 });
    expect(dashboard.topArticles[0]).toMatchObject({ articleId: 1, path: '/articles/1', views: 4 });
    expect(dashboard.topArticles[0].title).toEqual(expect.any(String));
    expect(dashboard.topReferrers).toEqual([{ host: 'news.google.com', views: 2 }]);
  });

  it("hashes the same reader differently on another day, and keeps only today's salt", async () => {
    const hashes = await rows(`select day::text as day, visitor_hash from visitor_daily where day in ('2026-03-10', '2026-03-11') order by day`);
    const dayTwo = hashes.filter((h) => h.day === '2026-03-11');
    expect(dayTwo).toHaveLength(1);
    // The reader of day two was also a reader of day one: no hash of day one equals theirs.
    expect(hashes.filter((h) => h.day === '2026-03-10').map((h) => h.visitor_hash)).not.toContain(dayTwo[0].visitor_hash);
    expect(String(dayTwo[0].visitor_hash)).toMatch(/^[0-9a-f]{64}$/);
    // Day one's salt was deleted when day two's was made: its hashes can no longer be tied to anyone.
    expect(await rows(`select day::text as day from analytics_salt order by day`)).toEqual([{ day: '2026-03-11' }]);
  });

  it('stores no IP address or user agent anywhere in the analytics tables', async () => {
    const tables = ['page_view_daily', 'visitor_daily', 'analytics_salt', 'referrer_daily', 'country_daily', 'vital_sample'];
    const columns = await rows(`select table_name, column_name from information_schema.columns where table_name in (${tables.map(() => '?').join(', ')})`, tables);
    expect(columns.map((c) => String(c.column_name))).not.toEqual(expect.arrayContaining([expect.stringMatching(/ip|agent|user/i)]));
    for (const table of tables) {
      const dump = JSON.stringify(await rows(`select * from ${table}`));
      expect(dump).not.toContain(IP);
      expect(dump).not.toContain('TestReader');
      expect(dump).not.toContain('198.51.100.4');
    }
  });

  it('computes p75 per template and metric like PostgreSQL percentile_cont, from a known sample set', async () => {
    clock = new Date('2026-04-02T01:00:00Z');
    const counter = recorder();
    for (const value of [1000, 2000, 3000, 4000, 10_000]) counter.recordVitals({ template: 'article', metrics: [{ name: 'LCP', value }], countryFromZone: null });
    for (const value of [0.01, 0.02, 0.3, 0.4]) counter.recordVitals({ template: 'home', metrics: [{ name: 'CLS', value }], countryFromZone: null });
    counter.recordVitals({ template: 'home', metrics: [{ name: 'INP', value: 120 }], countryFromZone: null });
    await counter.close();
    const service = new AnalyticsService(db.orm.em.fork());
    const vitals = await service.vitals('2026-04-01', '2026-04-30');
    expect(vitals.find((v) => v.template === 'article' && v.metric === 'LCP')).toEqual({ template: 'article', metric: 'LCP', p75: 4000, samples: 5, rating: 'needs-improvement' });
    // Four samples: position 0.75 * 3 = 2.25 between 0.3 and 0.4.
    const cls = vitals.find((v) => v.template === 'home' && v.metric === 'CLS');
    expect(cls?.p75).toBeCloseTo(0.325, 10);
    expect(cls?.rating).toBe('poor');
    expect(vitals.find((v) => v.metric === 'INP')).toMatchObject({ template: 'home', p75: 120, rating: 'good' });
    // Outside the range, nothing.
    expect(await service.vitals('2026-05-01', '2026-05-30')).toEqual([]);
  });

  it("moves a view from 'unknown' to the country a browser's time zone names, never below zero", async () => {
    clock = DAY_ONE;
    const counter = recorder();
    counter.recordVitals({ template: 'home', metrics: [{ name: 'TTFB', value: 100 }], countryFromZone: 'AU' });
    counter.recordVitals({ template: 'home', metrics: [{ name: 'TTFB', value: 100 }], countryFromZone: 'AU' });
    await counter.close();
    // Day one had one unknown view: one moves, the second report finds none left.
    expect(await rows(`select country, views from country_daily where day = '2026-03-10' order by country`)).toEqual([
      { country: 'AU', views: 4 },
      { country: 'unknown', views: 0 },
    ]);
  });

  it('answers monthly page views and visitors, oldest month first, and refuses a range other than 30 or 90 days', async () => {
    const service = new AnalyticsService(db.orm.em.fork());
    const months = await service.monthly(3, new Date('2026-04-15T00:00:00Z'));
    expect(months).toEqual([
      { month: '2026-02', views: 0, visitors: 0 },
      { month: '2026-03', views: 5, visitors: 3 },
      { month: '2026-04', views: 0, visitors: 0 },
    ]);
    await expect(service.dashboard(7)).rejects.toMatchObject({ httpStatus: 400, fields: [{ field: 'days' }] });
    expect((await service.dashboard(90, DAY_TWO)).daily).toHaveLength(90);
  });

  it('keeps a batch whose write failed and writes it with the next', async () => {
    clock = new Date('2026-06-01T03:00:00Z');
    let fail = true;
    const counter = createAnalyticsRecorder(db.orm, { now: () => clock, flushIntervalMs: 0 });
    const original = AnalyticsService.prototype.record;
    AnalyticsService.prototype.record = async function (this: AnalyticsService, ...args) {
      if (fail) throw new Error('database away');
      return original.apply(this, args);
    };
    try {
      counter.recordView({ path: '/about', template: 'about', articleId: null, reader, referrerHost: null, country: 'AU' });
      await expect(counter.flush()).rejects.toThrow('database away');
      fail = false;
      counter.recordView({ path: '/about', template: 'about', articleId: null, reader, referrerHost: null, country: 'AU' });
      await counter.close();
    } finally {
      AnalyticsService.prototype.record = original;
    }
    expect(await rows(`select views from page_view_daily where day = ? and path = '/about'`, [analyticsDay(clock)])).toEqual([{ views: 2 }]);
  });
});
