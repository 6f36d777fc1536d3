import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSearchFixtures } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  // Made-up words: the launch content never matches them.
  ids = await insertSearchFixtures(t.db.orm.em, [
    { key: 'rest-title', title: 'Glimmerwick raises a seed round', category: 'cybersecurity', hoursAgo: 30 },
    { key: 'rest-body', title: 'Funding roundup', content: 'Also this week: glimmerwick hired staff.', category: 'edtech', hoursAgo: 1 },
    {
      key: 'rest-xss',
      title: 'Markup in stories',
      content: 'A body with <script>alert(1)</script> & a mention of glimmerwick.',
      category: 'edtech',
      hoursAgo: 2,
    },
    ...Array.from({ length: 7 }, (_, i) => ({ key: `rest-page-${i}`, title: `Thrumble digest ${i}`, hoursAgo: 3 + i })),
  ]);
});
afterAll(async () => {
  await t.close();
});

const nextLink = (header: string | undefined) => /<([^>]+)>; rel="next"/.exec(header ?? '')?.[1];

describe('GET /api/search', () => {
  it('answers articles in the /api/articles shape plus a snippet, most relevant first', async () => {
    const res = await request(t.app).get('/api/search?q=glimmerwick').expect(200).expect('Content-Type', /json/);
    expect(res.body.map((a: { id: number }) => a.id)).toEqual([ids['rest-title'], ids['rest-xss'], ids['rest-body']]);
    for (const result of res.body) {
      const { snippet, ...article } = result;
      expect(typeof snippet).toBe('string');
      const single = await request(t.app).get(`/api/articles/${result.id}`).expect(200);
      expect(article).toEqual(single.body);
    }
    expect(res.body[2].snippet).toContain('<mark>glimmerwick</mark>');
  });

  it('escapes the article text in snippets', async () => {
    const res = await request(t.app).get('/api/search?q=glimmerwick+markup').expect(200);
    expect(res.body).toHaveLength(1);
    const { snippet } = res.body[0];
    expect(snippet).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp;');
    expect(snippet.replaceAll('<mark>', '').replaceAll('</mark>', '')).not.toMatch(/[<>]/);
  });

  it('pages with ?limit and a Link to the next page', async () => {
    const first = await request(t.app).get('/api/search?q=thrumble&limit=3').expect(200);
    expect(first.body).toHaveLength(3);
    const seen = first.body.map((a: { id: number }) => a.id);
    let next = nextLink(first.headers.link);
    expect(next).toMatch(/^\/api\/search\?q=thrumble&limit=3&after=/);
    while (next) {
      const page = await request(t.app).get(next).expect(200);
      seen.push(...page.body.map((a: { id: number }) => a.id));
      next = nextLink(page.headers.link);
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  it('filters by category slug, kept in the next link, and answers 404 for an unknown one', async () => {
    const res = await request(t.app).get('/api/search?q=glimmerwick&category=edtech&limit=1').expect(200);
    expect(res.body.map((a: { categorySlug: string }) => a.categorySlug)).toEqual(['edtech']);
    expect(nextLink(res.headers.link)).toContain('category=edtech');
    await request(t.app).get('/api/search?q=glimmerwick&category=gardening').expect(404);
  });

  it.each([
    ['/api/search', 'q must not be blank'],
    ['/api/search?q=', 'q must not be blank'],
    ['/api/search?q=%20%20%09', 'q must not be blank'],
    [`/api/search?q=${'a'.repeat(201)}`, 'q must be at most 200 characters'],
    ['/api/search?q=a&q=b', 'q must be given once, as text'],
  ])('answers 400 naming q for %s', async (path, message) => {
    const res = await request(t.app).get(path).expect(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'q' })]);
  });

  it.each(['limit=0', 'limit=abc', 'after=%25%25%25'])('answers 400 for %s', async (param) => {
    await request(t.app).get(`/api/search?q=thrumble&${param}`).expect(400);
  });

  it('searches any characters as text, never failing', async () => {
    const texts = [
      '"', "'", '&', '|', '!', ':*', '\\', '\u0000', '😀', 'a & b | !c', '"unterminated', '-', 'or', "'); drop table article; --",
      '<script>', 'thrumble:*', '(thrumble', 'thrumble <-> digest', '%', '\uD800',
    ];
    for (const text of texts) {
      const res = await request(t.app).get(`/api/search?q=${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))}`);
      expect(res.status, JSON.stringify(text)).toBeLessThan(500);
    }
    for (const raw of ['%00', '%ED%A0%80', '%FF%FE', '%', '%E0%A4%A', '%C0%AF', 'thrumble%00digest']) {
      const res = await request(t.app).get(`/api/search?q=${raw}`);
      expect(res.status, raw).toBeLessThan(500);
    }
  });
});
