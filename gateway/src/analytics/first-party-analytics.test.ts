import { createRequire } from 'node:module';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { loadConfig } from '../config/config.js';
import { createWeb } from '../ssr/web.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * First-party audience figures: the site counts its own audience on the server (cached pages too),
 * without bots, prefetches or anything personal stored; browsers report Web Vitals to /api/vitals;
 * the owner reads the figures at /api/admin/analytics and in the Domain Report.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const SITE = 'https://news.example.au';
const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 ReaderMarker/7';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY_ONE = new Date('2026-11-20T01:00:00Z');
const DAY_TWO = new Date('2026-11-21T01:00:00Z');

let t: TestApp;
let clock = DAY_ONE;
let editorToken: string;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: SITE });
  t = await createTestApp({ ADMIN_TOKEN }, { web: (contextFor) => createWeb({ config, contextFor, mode: 'source' }), clock: () => clock });
  editorToken = (await createServices(t.db.orm.em.fork()).editors.createToken({ name: 'Sam Editor' })).token;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const rows = async (sql: string, params: unknown[] = []) => (await t.db.orm.em.fork().getConnection().execute(sql, params)) as Record<string, unknown>[];
const viewsOf = async (pagePath: string, day = '2026-11-20') => Number((await rows('select views from page_view_daily where day = ? and path = ?', [day, pagePath]))[0]?.views ?? 0);
const totalViews = async () => Number((await rows('select coalesce(sum(views), 0)::int as n from page_view_daily'))[0].n);
const read = (url: string, headers: Record<string, string> = {}) => {
  const req = request(t.app).get(url).set('User-Agent', BROWSER).set('Accept-Language', 'en-AU,en;q=0.9');
  for (const [name, value] of Object.entries(headers)) req.set(name, value);
  return req;
};
const admin = (url: string, token = ADMIN_TOKEN) => request(t.app).get(url).set('Authorization', `Bearer ${token}`);

describe('page views counted on the server', () => {
  it('counts a reader page rendered, served from the response cache, and revalidated (304)', async () => {
    const stored = t.cache!.stats.stored;
    const first = await read('/about', { Referer: 'https://www.google.com/search?q=aus+tech' }).expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    // Answers are compressed before they are kept: the next one is a hit once it is stored.
    await expect.poll(() => t.cache!.stats.stored).toBeGreaterThan(stored);
    const second = await read('/about', { Referer: 'https://news.ycombinator.com/item?id=1' }).expect(200);
    expect(second.headers['x-cache']).toBe('HIT');
    await read('/about', { 'If-None-Match': first.headers.etag }).expect(304);
    // A reader moving within the site is no referrer.
    await read('/about', { Referer: `${SITE}/contact` }).expect(200);
    await t.analytics.flush();
    expect(await viewsOf('/about')).toBe(4);
    expect(await rows(`select host, views from referrer_daily where day = '2026-11-20' order by host`)).toEqual([
      { host: 'google.com', views: 1 },
      { host: 'news.ycombinator.com', views: 1 },
    ]);
    expect(await rows(`select country, views from country_daily where day = '2026-11-20'`)).toEqual([{ country: 'AU', views: 4 }]);
  });

  it('counts article pages with their article, under the path without its query', async () => {
    const [article] = (await request(t.app).get('/api/articles').expect(200)).body as { id: number }[];
    await read(`/articles/${article.id}?utm_source=newsletter`).expect(200);
    await t.analytics.flush();
    expect(await rows('select template, article_id from page_view_daily where path = ?', [`/articles/${article.id}`])).toEqual([{ template: 'article', article_id: article.id }]);
  });

  it('does not count bots, tools, prefetches, HEAD, the newsroom, background fetches, errors or non-pages', async () => {
    await t.analytics.flush();
    const before = await totalViews();
    await read('/about', { 'User-Agent': GOOGLEBOT }).expect(200);
    await request(t.app).get('/about').set('User-Agent', '').expect(200);
    await read('/about', { 'Sec-Purpose': 'prefetch' }).expect(200);
    await read('/about', { 'Sec-Purpose': 'prefetch;prerender' }).expect(200);
    await read('/about', { Purpose: 'prefetch' }).expect(200);
    // The service worker saving a copy of a page.
    await read('/about', { 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Mode': 'same-origin' }).expect(200);
    await request(t.app).head('/about').set('User-Agent', BROWSER).expect(200);
    await read('/newsroom/analytics').expect(200);
    await read('/a/page/that/does/not/exist').expect(404);
    await read('/api/articles').expect(200);
    await read('/rss.xml').expect(200);
    await t.analytics.flush();
    expect(await totalViews()).toBe(before);
    // And a browser's navigation (what the requests above were not) is counted.
    await read('/contact', { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate' }).expect(200);
    await t.analytics.flush();
    expect(await totalViews()).toBe(before + 1);
  });

});

describe('POST /api/vitals', () => {
  const beacon = (body: string, type = 'text/plain;charset=UTF-8', agent = BROWSER) =>
    request(t.app).post('/api/vitals').set('User-Agent', agent).set('Accept-Language', 'en').set('Content-Type', type).send(body);
  const samples = async () => Number((await rows('select count(*)::int as n from vital_sample'))[0].n);

  it("accepts a page's batch sent by sendBeacon (text/plain) or as JSON, and stores it under the page's template", async () => {
    const before = await samples();
    await beacon(JSON.stringify({ path: '/articles/1', tz: 'Australia/Perth', metrics: [{ name: 'LCP', value: 1234.5 }, { name: 'CLS', value: 0.02 }] })).expect(204);
    await beacon(JSON.stringify({ path: '/', metrics: [{ name: 'TTFB', value: 180 }] }), 'application/json').expect(204);
    await t.analytics.flush();
    expect(await samples()).toBe(before + 3);
    expect(await rows(`select template, metric, value from vital_sample where metric in ('LCP', 'CLS') order by metric`)).toEqual([
      { template: 'article', metric: 'CLS', value: 0.02 },
      { template: 'article', metric: 'LCP', value: 1234.5 },
    ]);
  });

  it('refuses bad reports with 400 naming the field, an oversized body with 413, another type with 415', async () => {
    const before = await samples();
    const bad = async (body: unknown, field: string) => {
      const res = await beacon(typeof body === 'string' ? body : JSON.stringify(body)).expect(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    };
    await bad({ path: '/', metrics: [{ name: 'FID', value: 10 }] }, 'metrics.0.name');
    await bad('{"path":"/","metrics":[{"name":"LCP","value":NaN}]}', 'body');
    await bad({ path: '/', metrics: [{ name: 'LCP', value: 'NaN' }] }, 'metrics.0.value');
    await bad({ path: '/', metrics: [{ name: 'LCP', value: null }] }, 'metrics.0.value');
    await bad({ path: '/', metrics: [{ name: 'LCP', value: 1e308 }] }, 'metrics.0.value');
    await bad({ path: '/', metrics: [{ name: 'CLS', value: -1 }] }, 'metrics.0.value');
    await bad({ path: '/', metrics: [] }, 'metrics');
    await bad({ path: 'https://evil.example/', metrics: [{ name: 'LCP', value: 1 }] }, 'path');
    await bad({ path: '/', metrics: [{ name: 'LCP', value: 1 }], ip: '1.2.3.4' }, 'ip');
    await bad({ path: '/', tz: 'Australia/Sydney; drop table', metrics: [{ name: 'LCP', value: 1 }] }, 'tz');
    await bad([1, 2], 'body');
    const huge = await beacon(JSON.stringify({ path: '/', metrics: [{ name: 'LCP', value: 1 }], pad: 'x'.repeat(10_000) })).expect(413);
    expect(huge.body.message).toMatch(/too large/i);
    await beacon('{}', 'application/x-www-form-urlencoded').expect(415);
    await t.analytics.flush();
    expect(await samples()).toBe(before);
  });

  it("ignores bots' and the newsroom's reports (204, nothing stored), and moves a view to the time zone's country", async () => {
    const before = await samples();
    await beacon(JSON.stringify({ path: '/', metrics: [{ name: 'LCP', value: 900 }] }), 'text/plain', GOOGLEBOT).expect(204);
    await beacon(JSON.stringify({ path: '/newsroom/analytics', metrics: [{ name: 'LCP', value: 900 }] })).expect(204);
    await t.analytics.flush();
    expect(await samples()).toBe(before);

    // A view whose Accept-Language named no country, then its page's report with a time zone.
    await read('/domain', { 'Accept-Language': 'en' }).expect(200);
    await t.analytics.flush();
    const unknown = async () => Number((await rows(`select views from country_daily where day = '2026-11-20' and country = 'unknown'`))[0]?.views ?? 0);
    const before_unknown = await unknown();
    expect(before_unknown).toBeGreaterThan(0);
    await beacon(JSON.stringify({ path: '/domain', tz: 'Pacific/Auckland', metrics: [{ name: 'FCP', value: 700 }] })).expect(204);
    await t.analytics.flush();
    expect(await unknown()).toBe(before_unknown - 1);
    expect(await rows(`select views from country_daily where day = '2026-11-20' and country = 'NZ'`)).toEqual([{ views: 1 }]);
  });
});

describe('GET /api/admin/analytics', () => {
  it('needs the admin role: 401 without a token, 403 for an editor', async () => {
    const anonymous = await request(t.app).get('/api/admin/analytics').expect(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    await admin('/api/admin/analytics', editorToken).expect(403);
  });

  it('answers 30 or 90 days of figures, never stored by a cache, and refuses any other range naming days', async () => {
    const res = await admin('/api/admin/analytics?days=30').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ days: 30, from: '2026-10-22', to: '2026-11-20', timeZone: 'Australia/Sydney' });
    expect(res.body.daily).toHaveLength(30);
    const today = res.body.daily.at(-1);
    expect(today.day).toBe('2026-11-20');
    expect(today.views).toBe(await totalViews());
    expect(today.visitors).toBe(1);
    expect(res.body.topReferrers.map((r: { host: string }) => r.host)).toEqual(expect.arrayContaining(['google.com', 'news.ycombinator.com']));
    expect(res.body.topArticles[0]).toMatchObject({ title: expect.any(String), views: 1 });
    expect(res.body.vitals).toEqual(expect.arrayContaining([expect.objectContaining({ template: 'article', metric: 'LCP', p75: 1234.5, samples: 1, rating: 'good' })]));
    expect((await admin('/api/admin/analytics?days=90').expect(200)).body.daily).toHaveLength(90);
    expect((await admin('/api/admin/analytics').expect(200)).body.days).toBe(30);
    for (const query of ['days=7', 'days=abc', 'days=30&days=90', 'days=']) {
      const refused = await admin(`/api/admin/analytics?${query}`).expect(400);
      expect(refused.body.errors[0].field).toBe('days');
    }
    await admin('/api/admin/analytics?range=30').expect(400);
  });
});

describe('the dashboard page', () => {
  it('is a server-rendered shell, never indexed, holding the dashboard island with its sign-in form', async () => {
    const res = await read('/newsroom/analytics').expect(200);
    expect(res.text).toMatch(/<meta [^>]*name="robots" content="noindex"/);
    expect(res.text).toContain('data-island="analytics-dashboard"');
    expect(res.text).toContain('data-when="load"');
    expect(res.text).toContain('Newsroom token');
    // A reader page holds no trace of it.
    expect((await read('/about').expect(200)).text).not.toContain('analytics-dashboard');
  });
});

describe('the Domain Report', () => {
  it('states the page views and visitors measured, a monthly chart and Core Web Vitals', async () => {
    const { totals } = (await admin('/api/admin/analytics?days=30').expect(200)).body as { totals: { views: number; visitors: number } };
    expect(totals.views).toBeGreaterThan(5);
    const res = await request(t.app)
      .get('/domain/report.pdf')
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
    const doc = await getDocument({ data: new Uint8Array(res.body as Buffer), standardFontDataUrl, isEvalSupported: false }).promise;
    let text = '';
    for (let n = 1; n <= doc.numPages; n += 1) {
      const content = await (await doc.getPage(n)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ') + '\n';
    }
    await doc.destroy();
    const normalised = text.replace(/\s+/g, ' ');
    expect(normalised).toContain(`Page views, last 30 days: ${totals.views.toLocaleString('en-AU')}`);
    expect(normalised).toContain(`Visitors, last 30 days: ${totals.visitors.toLocaleString('en-AU')}`);
    // The monthly chart's row for November 2026 (the clock's month) carries the same figures.
    expect(normalised).toContain(`Nov 2026 ${totals.views.toLocaleString('en-AU')} views, ${totals.visitors.toLocaleString('en-AU')} visitors`);
    expect(normalised).toContain('LCP: 1,235 ms (good, 1 sample)');
    expect(normalised).not.toContain('Audience figures (page views, visitors) are not included');
  });
});

describe('reads by agents', () => {
  const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
  const CLAUDEBOT = 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
  const agentRows = async () => rows(`select agent, path, reads from agent_read_daily where day = '2026-11-20' order by agent, path`);

  it('counts the Markdown and /llms.txt read by each agent, cached answers too, by name and path only, and shows them to the owner', async () => {
    const [latest] = (await request(t.app).get('/api/articles?limit=1').expect(200)).body as { id: number }[];
    const stored = t.cache!.stats.stored;
    await request(t.app).get(`/articles/${latest.id}.md`).set('User-Agent', GPTBOT).expect(200);
    await expect.poll(() => t.cache!.stats.stored).toBeGreaterThan(stored);
    const hit = await request(t.app).get(`/articles/${latest.id}.md`).set('User-Agent', GPTBOT).expect(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    await request(t.app).get('/llms.txt').set('User-Agent', CLAUDEBOT).expect(200);
    // The page's own URL asked for Markdown, by a client the site does not know by name.
    await request(t.app).get(`/articles/${latest.id}`).set('Accept', 'text/markdown').set('User-Agent', 'fetch-markdown/0.3 (+https://agent.example)').expect(200);
    // Not agent reads: a missing page, an HTML page read by a crawler, a HEAD.
    await request(t.app).get('/articles/999999.md').set('User-Agent', GPTBOT).expect(404);
    await request(t.app).get('/about').set('User-Agent', GPTBOT).expect(200);
    await request(t.app).head('/llms.txt').set('User-Agent', CLAUDEBOT).expect(200);
    await t.analytics.flush();
    expect(await agentRows()).toEqual([
      { agent: 'ClaudeBot', path: '/llms.txt', reads: 1 },
      { agent: 'GPTBot', path: `/articles/${latest.id}.md`, reads: 2 },
      { agent: 'other', path: `/articles/${latest.id}`, reads: 1 },
    ]);
    // Only the agent's name is kept: no user agent, no address.
    const dump = JSON.stringify(await rows('select * from agent_read_daily'));
    for (const secret of ['openai.com', 'claudebot@', 'fetch-markdown', '127.0.0.1', '::1']) expect(dump).not.toContain(secret);

    const dashboard = (await admin('/api/admin/analytics?days=30').expect(200)).body as { agentReads: { agents: { agent: string; reads: number }[]; top: { agent: string; path: string; reads: number }[] } };
    expect(dashboard.agentReads.agents).toEqual([
      { agent: 'GPTBot', reads: 2 },
      { agent: 'ClaudeBot', reads: 1 },
      { agent: 'other', reads: 1 },
    ]);
    expect(dashboard.agentReads.top[0]).toEqual({ agent: 'GPTBot', path: `/articles/${latest.id}.md`, reads: 2 });
  });
});

// Last: it moves the clock to the next day, which deletes the first day's salt.
describe('across days, and what is stored', () => {
  it('counts each reader once a day, with hashes that differ from one day to the next', async () => {
    clock = DAY_TWO;
    await read('/categories').expect(200);
    await read('/categories').expect(200);
    await t.analytics.flush();
    expect(await viewsOf('/categories', '2026-11-21')).toBe(2);
    const visitors = await rows(`select day::text as day, visitor_hash from visitor_daily order by day`);
    const [dayOne, dayTwo] = ['2026-11-20', '2026-11-21'].map((day) => visitors.filter((v) => v.day === day).map((v) => String(v.visitor_hash)));
    // Every request of this file comes from one reader (address and browser) on each day.
    expect(dayOne).toHaveLength(1);
    expect(dayTwo).toHaveLength(1);
    expect(dayTwo[0]).not.toBe(dayOne[0]);
  });

  it('stores no IP address or user agent in any analytics table', async () => {
    const tables = ['page_view_daily', 'visitor_daily', 'analytics_salt', 'referrer_daily', 'country_daily', 'vital_sample'];
    for (const table of tables) {
      const dump = JSON.stringify(await rows(`select * from ${table}`));
      expect(dump.length).toBeGreaterThan(2);
      for (const secret of ['127.0.0.1', '::1', 'ReaderMarker', 'Chrome/131', 'Googlebot', 'utm_source', 'aus+tech']) expect(dump, `${table} holds ${secret}`).not.toContain(secret);
    }
  });
});
