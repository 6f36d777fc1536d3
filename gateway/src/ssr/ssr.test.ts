import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testArticles } from '../../../schema/src/testing.js';
import { loadConfig } from '../config/config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createWeb } from './web.js';

const SITE = 'https://news.example.au';
let t: TestApp;
let articleId: number;
let articleTitle: string;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: SITE });
  t = await createTestApp({}, { web: (contextFor) => createWeb({ config, contextFor, mode: 'source' }) });
  const [latest] = (await request(t.app).get('/api/articles?limit=1')).body;
  articleId = latest.id;
  articleTitle = latest.title;
}, 120_000);
afterAll(async () => {
  await t.close();
});

function head(html: string) {
  const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
  const meta = (attr: string, name: string) =>
    new RegExp(`<meta[^>]*${attr}="${name}"[^>]*content="([^"]*)"`).exec(html)?.[1];
  const canonical = /<link[^>]*rel="canonical"[^>]*href="([^"]*)"/.exec(html)?.[1];
  const jsonLd = [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
  return { title, canonical, jsonLd, name: (n: string) => meta('name', n), property: (p: string) => meta('property', p) };
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');
const types = (ld: { '@type': string }[]) => ld.map((d) => d['@type']);

describe('server rendering', () => {
  it('renders the home page with its content, head and publisher data', async () => {
    const res = await request(t.app).get('/').expect(200).expect('Content-Type', /html/);
    expect(res.text).toMatch(/<html lang="en-AU"/);
    const body = text(res.text);
    expect(body).toContain('Latest Tech News');
    expect(body).toContain('BREAKING');
    const h = head(res.text);
    expect(h.canonical).toBe(`${SITE}/`);
    expect(h.name('robots')).toContain('max-image-preview:large');
    expect(h.name('twitter:card')).toBe('summary_large_image');
    expect(h.property('og:image')).toMatch(new RegExp(`^${SITE}/.+w=1200`));
    expect(types(h.jsonLd)).toEqual(expect.arrayContaining(['NewsMediaOrganization', 'WebSite']));
    // Islands (decision 010): the page carries its public settings as a data block, no app state to hydrate.
    expect(res.text).toContain('<script type="application/json" id="site-config">');
    expect(res.text).not.toContain('__APOLLO_STATE__');
    expect(res.text).toMatch(/<style data-emotion="css/);
  });

  it('renders an article with NewsArticle and BreadcrumbList data', async () => {
    const res = await request(t.app).get(`/articles/${articleId}`).expect(200);
    expect(text(res.text)).toContain(articleTitle);
    expect(text(res.text)).toContain('Back to Articles');
    const h = head(res.text);
    expect(h.canonical).toBe(`${SITE}/articles/${articleId}`);
    expect(h.property('og:type')).toBe('article');
    expect(h.property('article:published_time')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(h.property('article:section')).toBeTruthy();
    const article = h.jsonLd.find((d) => d['@type'] === 'NewsArticle');
    expect(article).toMatchObject({ headline: expect.any(String), articleSection: expect.any(String) });
    expect(article.image).toHaveLength(3);
    expect(article.datePublished).toMatch(/(Z|[+-]\d{2}:\d{2})$/);
    expect(article.dateModified).toMatch(/(Z|[+-]\d{2}:\d{2})$/);
    expect(article.author).toMatchObject({ name: expect.any(String) });
    expect(article.publisher).toMatchObject({ name: expect.any(String) });
    expect(article.mainEntityOfPage).toBeTruthy();
    expect(types(h.jsonLd)).toContain('BreadcrumbList');
  });

  it('renders a category with CollectionPage data and its count line', async () => {
    const res = await request(t.app).get('/categories/cybersecurity').expect(200);
    const n = testArticles.filter((a) => a.categorySlug === 'cybersecurity').length;
    expect(text(res.text)).toContain(`${n} article(s) in this category`);
    const h = head(res.text);
    expect(types(h.jsonLd)).toEqual(expect.arrayContaining(['CollectionPage', 'BreadcrumbList']));
    expect(res.text).toMatch(/<link[^>]*rel="alternate"[^>]*type="application\/rss\+xml"/);
  });

  it.each([
    ['/contact', 'ContactPage', 'Get In Touch'],
    ['/about', 'AboutPage', 'Platform Metrics'],
  ])('renders %s with its structured data', async (path, type, content) => {
    const res = await request(t.app).get(path).expect(200);
    expect(text(res.text)).toContain(content);
    expect(types(head(res.text).jsonLd)).toContain(type);
  });

  it.each([
    ['/articles/987654', 'Article Not Found'],
    ['/categories/gardening', 'Category Not Found'],
    ['/no/such/page', '404 Page Not Found'],
  ])('answers %s with 404, noindex and the not-found message', async (path, message) => {
    const res = await request(t.app).get(path).expect(404);
    expect(text(res.text)).toContain(message);
    expect(head(res.text).name('robots')).toBe('noindex');
  });

  it('gives every page a unique title and description', async () => {
    const paths = ['/', `/articles/${articleId}`, '/categories/edtech', '/contact', '/about'];
    const heads = await Promise.all(paths.map(async (p) => head((await request(t.app).get(p)).text)));
    expect(new Set(heads.map((h) => h.title)).size).toBe(paths.length);
    expect(new Set(heads.map((h) => h.name('description'))).size).toBe(paths.length);
  });

  it.each(['/', '/about', '/contact'])('inlines a style rule for every Emotion class on %s (no unstyled flash)', async (path) => {
    const res = await request(t.app).get(path).expect(200);
    const used = new Set([...res.text.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/).filter((c) => c.startsWith('css-') && c !== 'css-0')));
    const styles = [...res.text.matchAll(/<style data-emotion="css ([^"]*)"/g)].flatMap((m) => m[1].split(' '));
    const defined = new Set(styles.map((id) => `css-${id}`));
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((c) => !defined.has(c))).toEqual([]);
  });

  it('escapes the serialised settings and island props so they cannot close their element', async () => {
    const res = await request(t.app).get('/contact').expect(200);
    const settings = /<script type="application\/json" id="site-config">([\s\S]*?)<\/script>/.exec(res.text)?.[1] ?? '';
    expect(settings).not.toMatch(/<\/script/i);
    expect(JSON.parse(settings).siteUrl).toBe(SITE);
    const props = /data-props="([^"]*)"/.exec(res.text)?.[1] ?? '';
    expect(props).not.toMatch(/[<>"]/);
    expect(() => JSON.parse(props.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))).not.toThrow();
  });
});
