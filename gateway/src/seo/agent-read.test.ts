import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../../schema/src/testing.js';
import { splitSentences } from '../../../web/src/entry-server.js';
import { loadConfig } from '../config/config.js';
import { createWeb } from '../ssr/web.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const SITE = 'https://news.example.au';
let t: TestApp;
let article: { id: number; title: string; author: string; content: string; excerpt: string; publishedAt: string; category: string };

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: SITE });
  t = await createTestApp({}, { web: (contextFor) => createWeb({ config, contextFor, mode: 'source' }) });
  const [latest] = (await request(t.app).get('/api/articles?limit=1').expect(200)).body;
  article = latest;
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** Front matter fields and the body after it. */
function parse(markdown: string) {
  const match = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(markdown);
  expect(match).not.toBeNull();
  const fields = Object.fromEntries(match![1].split('\n').map((line) => [line.slice(0, line.indexOf(':')), JSON.parse(line.slice(line.indexOf(':') + 1))]));
  return { fields, body: match![2] };
}

describe('pages as Markdown', () => {
  it('answers an article at /articles/{id}.md with its front matter and its text, sentence by sentence', async () => {
    const res = await request(t.app).get(`/articles/${article.id}.md`).expect(200).expect('Content-Type', /^text\/markdown; charset=utf-8/);
    const { fields, body } = parse(res.text);
    expect(fields).toMatchObject({
      title: article.title,
      author: article.author,
      date: new Date(article.publishedAt).toISOString(),
      category: article.category,
      canonical_url: `${SITE}/articles/${article.id}`,
    });
    const paragraphs = body.trim().split('\n\n');
    // Seeded texts carry no Markdown characters, so their escaped form is the text itself.
    expect(paragraphs.slice(2)).toEqual(splitSentences(article.content));
    expect(paragraphs[0]).toBe(`# ${article.title}`);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=/);
  });

  it('answers the article page with Markdown for Accept: text/markdown, HTML for a browser, each kept apart by the cache', async () => {
    const path = `/articles/${article.id}`;
    const asMarkdown = () => request(t.app).get(path).set('Accept', 'text/markdown');
    const asBrowser = () => request(t.app).get(path).set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    const first = await asMarkdown().expect(200).expect('Content-Type', /text\/markdown/);
    expect(first.headers.vary).toMatch(/Accept(,|$)/);
    const html = await asBrowser().expect(200).expect('Content-Type', /text\/html/);
    expect(html.headers.vary).toMatch(/Accept(,|$)/);
    expect(html.text).toContain(`<link data-page-head rel="alternate" type="text/markdown" href="${SITE}/articles/${article.id}.md">`);
    const again = await asMarkdown().expect(200).expect('Content-Type', /text\/markdown/);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.text).toBe(first.text);
    const htmlAgain = await asBrowser().expect(200).expect('Content-Type', /text\/html/);
    expect(htmlAgain.headers['x-cache']).toBe('HIT');
  });

  it('answers categories, the category list and the static pages, each linked from its page', async () => {
    const category = categories[0];
    const res = await request(t.app).get(`/categories/${category.slug}.md`).expect(200);
    const { fields, body } = parse(res.text);
    expect(fields).toMatchObject({ title: category.name, canonical_url: `${SITE}/categories/${category.slug}` });
    expect(body).toContain(`# ${category.name}`);
    expect(body).toMatch(new RegExp(`\\]\\(<${SITE}/articles/\\d+\\.md>\\)`));
    const list = await request(t.app).get('/categories.md').expect(200);
    expect(list.text).toContain(`(<${SITE}/categories/${category.slug}.md>)`);
    for (const [md, page] of [['/index.md', '/'], ['/about.md', '/about'], ['/contact.md', '/contact'], ['/domain.md', '/domain']]) {
      const doc = await request(t.app).get(md).expect(200).expect('Content-Type', /text\/markdown/);
      expect(parse(doc.text).fields.canonical_url).toBe(`${SITE}${page === '/' ? '/' : page}`);
    }
    const about = await request(t.app).get('/about').expect(200);
    expect(about.text).toContain(`type="text/markdown" href="${SITE}/about.md"`);
  });

  it('answers 404 for an article readers cannot see and a category that does not exist', async () => {
    await request(t.app).get('/articles/999999.md').expect(404);
    await request(t.app).get('/categories/no-such-category.md').expect(404);
  });
});

describe('/llms.txt', () => {
  it('lists the site, its sections, its feeds and the latest articles as Markdown links', async () => {
    const res = await request(t.app).get('/llms.txt').expect(200).expect('Content-Type', /text\/plain/);
    expect(res.text).toMatch(/^# AusTech News\n\n> /);
    expect(res.text).toContain('## Sections');
    expect(res.text).toContain(`(<${SITE}/categories/${categories[0].slug}.md>)`);
    expect(res.text).toContain(`(<${SITE}/rss.xml>)`);
    expect(res.text).toContain(`(<${SITE}/feed.json>)`);
    expect(res.text).toContain(`[${article.title}](<${SITE}/articles/${article.id}.md>)`);
    expect(res.headers['cache-control']).toMatch(/^public/);
  });
});
