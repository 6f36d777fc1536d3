import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { categories, testArticles } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { sitemap } from './discovery.routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SITE = 'https://news.example.au';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('discovery files', () => {
  it('serves robots.txt with a Sitemap line, not the HTML app', async () => {
    const res = await request(t.app).get('/robots.txt').expect(200).expect('Content-Type', /text\/plain/);
    expect(res.text).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(res.text).toContain('Disallow: /api/');
    expect(res.text).toContain('Disallow: /newsroom');
  });

  it('serves a sitemap index over five sitemaps with lastmod', async () => {
    const res = await request(t.app).get('/sitemap.xml').expect(200).expect('Content-Type', /xml/);
    expect(res.text).toContain('<sitemapindex');
    expect(locs(res.text)).toEqual(['pages', 'categories', 'authors', 'articles', 'news'].map((n) => `${SITE}/sitemaps/${n}.xml`));
    expect(res.text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}/);
  });

  it('lists every article with an absolute URL, lastmod and image', async () => {
    const res = await request(t.app).get('/sitemaps/articles.xml').expect(200);
    const urls = locs(res.text).filter((u) => u.includes('/articles/'));
    expect(urls).toHaveLength(testArticles.length);
    expect(urls.every((u) => u.startsWith(`${SITE}/articles/`))).toBe(true);
    expect(res.text).toContain('<image:image>');
  });

  it('lists every category and the static pages', async () => {
    const cats = await request(t.app).get('/sitemaps/categories.xml').expect(200);
    expect(locs(cats.text)).toEqual(categories.map((c) => `${SITE}/categories/${c.slug}`));
    const pages = await request(t.app).get('/sitemaps/pages.xml').expect(200);
    // The buyer's page is listed too, and the pages that say how the site works.
    const standards = ['/editorial-standards', '/corrections-policy', '/corrections', '/ai-policy', '/ownership', '/masthead', '/authors'];
    expect(locs(pages.text)).toEqual([`${SITE}/`, `${SITE}/categories`, `${SITE}/about`, `${SITE}/contact`, `${SITE}/domain`, ...standards.map((p) => `${SITE}${p}`)]);
  });

  it('limits the Google News sitemap to the last two days', async () => {
    const res = await request(t.app).get('/sitemaps/news.xml').expect(200);
    expect(res.text).toContain('xmlns:news=');
    const published = [...res.text.matchAll(/<news:publication_date>([^<]+)</g)].map((m) => Date.parse(m[1]));
    const expected = testArticles.filter((a) => a.hoursAgo <= 48).length;
    expect(published).toHaveLength(expected);
    expect(expected).toBeGreaterThan(0);
    expect(published.every((d) => Date.now() - d <= 2 * 24 * 3_600_000)).toBe(true);
  });

  it('serves the site RSS feed with the latest articles and absolute links', async () => {
    const res = await request(t.app).get('/rss.xml').expect(200).expect('Content-Type', /rss\+xml/);
    expect(res.text).toContain('<rss version="2.0"');
    const links = [...res.text.matchAll(/<link>([^<]+)<\/link>/g)].map((m) => m[1]);
    expect(links.filter((l) => l.includes('/articles/'))).toHaveLength(30);
    expect(links.every((l) => l.startsWith(SITE))).toBe(true);
  });

  it('serves a feed per category and a 404 for an unknown one', async () => {
    const res = await request(t.app).get('/categories/cybersecurity/rss.xml').expect(200);
    const expected = testArticles.filter((a) => a.categorySlug === 'cybersecurity').length;
    expect([...res.text.matchAll(/<item>/g)]).toHaveLength(expected);
    await request(t.app).get('/categories/gardening/rss.xml').expect(404);
  });
});

describe('sitemap', () => {
  it('writes a valid empty urlset when there is nothing to list', async () => {
    const xml = String(await sitemap(SITE, []));
    expect(xml).toMatch(/^<\?xml/);
    expect(xml).toContain('<urlset');
    expect(xml).toContain('</urlset>');
  });
});

// These add content: they run last, so the counts above are of the test content alone.
describe('authors and sponsored articles in the sitemaps', () => {
  it('lists every author page, none of them in the news sitemap', async () => {
    await createServices(t.db.orm.em.fork()).authors.create({ name: 'Sitemap Author', role: 'Reporter', bio: 'Writes.' }, { name: 'owner', role: 'admin' });
    const authors = await request(t.app).get('/sitemaps/authors.xml').expect(200);
    expect(locs(authors.text)).toEqual([`${SITE}/authors/sitemap-author`]);
    expect(authors.text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}/);
    const news = await request(t.app).get('/sitemaps/news.xml').expect(200);
    expect(news.text).not.toContain('/authors/');
  });

  it('never lists a sponsored article in the news sitemap, though the article sitemap has it', async () => {
    const paid = await createServices(t.db.orm.em.fork()).articleEditing.create(
      { title: 'A partner explains cloud backups', excerpt: 'Paid.', content: 'Sponsored body text here.', category: 'cybersecurity', author: 'Partner', kind: 'sponsored', sponsorName: 'SummitStack Hosting' },
      { name: 'owner', role: 'admin' },
    );
    const news = await request(t.app).get('/sitemaps/news.xml').expect(200);
    expect(news.text).not.toContain(`/articles/${paid.id}<`);
    expect(news.text).toContain('<news:news>');
    const articles = await request(t.app).get('/sitemaps/articles.xml').expect(200);
    expect(articles.text).toContain(`/articles/${paid.id}<`);
  });
});
