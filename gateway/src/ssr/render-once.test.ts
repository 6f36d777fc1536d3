import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestContext, getGraphQLSchema } from '../../../schema/src/index.js';
import { createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { render } from '../../../web/src/entry-server.js';
import { loadConfig, publicConfig } from '../config/config.js';
import { createSsrLink } from './ssr-link.js';

// Decision 027: the server runs a route's queries before it renders, so a page with its data
// renders once, not once to discover its queries and again with their answers.
let db: TestDatabase;
let renderPage: (url: string) => ReturnType<typeof render>;
let articleId: string;
let categorySlug: string;
let categoryName: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const schema = await getGraphQLSchema();
  const config = publicConfig(loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au' }));
  renderPage = (url) => render({ url, config, link: createSsrLink(schema, () => createRequestContext(db.orm.em.fork()), { exposeInternals: true }) });
  const [latest] = await db.orm.em.fork().getConnection().execute<{ id: string }[]>('select id::text from article order by published_at desc limit 1');
  articleId = latest.id;
  const [category] = await db.orm.em.fork().getConnection().execute<{ slug: string; name: string }[]>('select slug, name from category order by id limit 1');
  ({ slug: categorySlug, name: categoryName } = category);
}, 120_000);
afterAll(async () => {
  await db.close();
});

describe('server rendering reads first, then renders once', () => {
  const pages = (): [string, string][] => [
    ['/', 'Latest Tech News'],
    [`/articles/${articleId}`, 'Back to Articles'],
    ['/categories', 'All Categories'],
    [`/categories/${categorySlug}`, categoryName],
    ['/contact', 'Contact'],
    ['/domain', 'domain'],
    ['/about', 'About'],
    ['/search?q=australia', 'australia'],
    [`/?category=${categorySlug}`, categoryName],
  ];

  it('renders every public page in one pass, with its data', async () => {
    for (const [url, text] of pages()) {
      const page = await renderPage(url);
      expect({ url, status: page.status, passes: page.passes }).toEqual({ url, status: 200, passes: 1 });
      expect(page.html).toContain(text);
      // The footer's categories (a layout query) are in the first and only pass too.
      expect(page.html).toMatch(/<footer[\s\S]*href="\/categories\/[a-z-]+"/);
    }
  });

  it('renders a missing article as not found, in one pass', async () => {
    const page = await renderPage('/articles/999999999');
    expect({ status: page.status, passes: page.passes }).toEqual({ status: 404, passes: 1 });
  });

  it('renders a page whose query fails the way its own render shows the failure, in more passes', async () => {
    const page = await renderPage('/articles/not-a-number');
    expect(page.status).toBe(404);
    expect(page.passes).toBe(2);
    expect(page.html).toContain('Article Not Found');
  });
});

describe("the theme's global CSS (decision 038)", () => {
  it('is rendered once per process and heads every page as the same frozen styles', async () => {
    const home = await renderPage('/');
    const article = await renderPage(`/articles/${articleId}`);
    const globals = home.styles.filter((s) => s.key === 'css-global' && !s.ids.startsWith('animation-'));
    const css = globals.map((s) => s.css).join('');
    // The variables of both schemes, the baseline and the system-dark rules.
    expect(css).toContain('--mui-palette-primary-main:');
    expect(css).toContain('prefers-color-scheme: dark');
    expect(css).toContain('box-sizing:border-box');
    for (const [i, style] of globals.entries()) {
      expect(article.styles[i]).toBe(style);
      expect(Object.isFrozen(style)).toBe(true);
    }
    // Once per page: the page's own render generates none of it.
    const count = (text: string) => text.match(/--mui-palette-primary-main:/g)?.length ?? 0;
    expect(count(home.styles.map((s) => s.css).join(''))).toBe(count(css));
  });
});
