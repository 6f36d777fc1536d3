import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSearchFixtures } from '../../../schema/src/testing.js';
import { loadConfig } from '../config/config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createWeb } from './web.js';

const SITE = 'https://news.example.au';
let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: SITE });
  t = await createTestApp({}, { web: (contextFor) => createWeb({ config, contextFor, mode: 'source' }) });
  // Made-up words: no other article matches them.
  ids = await insertSearchFixtures(t.db.orm.em, [
    { key: 'title', title: 'Quorvane opens a Darwin office', category: 'cloud-computing', hoursAgo: 5 },
    { key: 'body', title: 'Week in review', content: 'Also: quorvane hired a <b>chief</b> engineer.', category: 'cybersecurity', hoursAgo: 1 },
    ...Array.from({ length: 12 }, (_, i) => ({ key: `page-${i}`, title: `Plimsey roundup number ${i}`, category: 'edtech', hoursAgo: 10 + i })),
  ]);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
const resultTitles = (html: string) => [...html.matchAll(/<h2[^>]*><a[^>]*href="\/articles\/(\d+)"/g)].map((m) => Number(m[1]));

describe('the search page, server-rendered', () => {
  it('renders results in relevance order with highlighted, escaped snippets, its own head and noindex', async () => {
    const res = await request(t.app).get('/search?q=quorvane').expect(200).expect('Content-Type', /html/);
    const body = text(res.text);
    expect(body).toContain('Search results for "quorvane"');
    expect(body).toContain('2 article(s) found');
    expect(resultTitles(res.text)).toEqual([ids.title, ids.body]);
    expect(res.text).toMatch(/<mark>[Qq]uorvane<\/mark>/);
    expect(res.text).toContain('&lt;b&gt;chief&lt;/b&gt;');
    expect(res.text).not.toContain('<b>chief</b>');
    expect(res.text).toMatch(/<title[^>]*>Search results for &quot;quorvane&quot; \| /);
    expect(res.text).toMatch(/<link[^>]*rel="canonical"[^>]*href="https:\/\/news\.example\.au\/search\?q=quorvane"/);
    expect(res.text).toMatch(/<meta[^>]*name="robots"[^>]*content="noindex"/);
  });

  it('pages with a next link that carries the cursor, and filters by category', async () => {
    const first = await request(t.app).get('/search?q=plimsey').expect(200);
    expect(text(first.text)).toContain('12 article(s) found');
    expect(resultTitles(first.text)).toHaveLength(10);
    const next = /href="(\/search\?q=plimsey&amp;after=[^"]+)"[^>]*>More results/.exec(first.text)?.[1].replace(/&amp;/g, '&');
    expect(next).toBeDefined();
    const second = await request(t.app).get(next!).expect(200);
    expect(resultTitles(second.text)).toHaveLength(2);
    expect(resultTitles(second.text).filter((id) => resultTitles(first.text).includes(id))).toEqual([]);

    const filtered = await request(t.app).get('/search?q=quorvane&category=cybersecurity').expect(200);
    expect(resultTitles(filtered.text)).toEqual([ids.body]);
    expect(text(filtered.text)).toContain('1 article(s) found in Cybersecurity');
  });

  it('shows the empty state with "Did you mean" and the blank-query state', async () => {
    const empty = await request(t.app).get('/search?q=quorvain').expect(200);
    expect(text(empty.text)).toContain('No articles match "quorvain"');
    expect(empty.text).toMatch(/Did you mean(?:<!-- -->)? <a[^>]*href="\/search\?q=quorvane"[^>]*>quorvane<\/a>\?/);

    const blank = await request(t.app).get('/search').expect(200);
    expect(text(blank.text)).toContain('Search the latest Australian tech news');
    expect(blank.text).toMatch(/<link[^>]*rel="canonical"[^>]*href="https:\/\/news\.example\.au\/search"/);
  });

  it('answers 400 naming the problem for a query the service refuses, 404 for an unknown category, never a 5xx', async () => {
    const long = await request(t.app).get(`/search?q=${'x'.repeat(201)}`).expect(400);
    expect(text(long.text)).toContain('query must be at most 200 characters');
    await request(t.app).get('/search?q=quorvane&category=no-such-category').expect(404);
    await request(t.app).get('/search?q=quorvane&after=not-a-cursor').expect(400);
    for (const q of ['"', '&|!:*', '\\', '%00', '😀', "'); drop table article; --", '<script>alert(1)</script>']) {
      const res = await request(t.app).get(`/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBeLessThan(500);
      expect(res.text).not.toContain('<script>alert(1)</script>');
    }
  });

  it('the header search box is a GET form to the results page on every page', async () => {
    const home = await request(t.app).get('/').expect(200);
    expect(home.text).toMatch(/<form[^>]*action="\/search"[^>]*method="get"/);
    expect(home.text).toMatch(/name="q"/);
  });
});
