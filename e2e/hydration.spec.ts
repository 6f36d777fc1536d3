import type { APIRequestContext } from '@playwright/test';
import { apiArticles, expect, serverHeading, SPEC_CATEGORIES, test, waitForHydration } from './fixtures';

interface RouteCase {
  name: string;
  path: string;
  status: number;
  /** The page's h1 as the reader sees it. */
  heading: string | RegExp;
}

async function routeCases(request: APIRequestContext): Promise<RouteCase[]> {
  const [article] = await apiArticles(request);
  return [
    { name: 'home', path: '/', status: 200, heading: /Australian technology news/ },
    { name: 'article', path: `/articles/${article.id}`, status: 200, heading: article.title },
    { name: 'category', path: `/categories/${article.categorySlug}`, status: 200, heading: article.category },
    { name: 'contact', path: '/contact', status: 200, heading: 'Get In Touch' },
    { name: 'about', path: '/about', status: 200, heading: /^About / },
    { name: 'unknown path', path: '/some/unknown/path', status: 404, heading: '404 Page Not Found' },
    { name: 'missing article', path: '/articles/999999', status: 404, heading: 'Article Not Found' },
    { name: 'unknown category', path: '/categories/nope', status: 404, heading: 'Category Not Found' },
  ];
}

test.describe('server rendering and hydration', () => {
  test('the console guard catches hydration problems and console errors', async ({ page, consoleGuard }) => {
    await page.goto('/about');
    await page.evaluate(() => {
      console.warn('A tree hydrated but some attributes of the server rendered HTML did not match the client properties.');
      console.warn('An ordinary warning about something else');
      console.error('Something broke');
    });
    await expect.poll(() => consoleGuard.unexpected().length).toBe(2);
    expect(consoleGuard.unexpected().join('\n')).toMatch(/did not match/);
    expect(consoleGuard.unexpected().join('\n')).toMatch(/Something broke/);
    await page.evaluate(() => setTimeout(() => {
      throw new Error('Minified React error #418');
    }));
    await expect.poll(() => consoleGuard.unexpected().length).toBe(3);
    // Accept them: the point was that they were caught.
    consoleGuard.allow(/did not match|Something broke|#418/);
    expect(consoleGuard.unexpected()).toEqual([]);
  });

  test('the server HTML already holds each page’s main heading with the right status', async ({ request }) => {
    for (const route of await routeCases(request)) {
      const response = await request.get(route.path);
      expect(response.status(), route.path).toBe(route.status);
      const heading = serverHeading(await response.text());
      expect(heading, `server-rendered h1 of ${route.path}`).toBeDefined();
      if (typeof route.heading === 'string') expect(heading, route.path).toBe(route.heading);
      else expect(heading, route.path).toMatch(route.heading);
    }
  });

  test('the server HTML already holds the footer links to the first five categories, About and Contact', async ({ request }) => {
    for (const route of await routeCases(request)) {
      const html = await (await request.get(route.path)).text();
      const footer = /<footer\b[\s\S]*?<\/footer>/.exec(html)?.[0] ?? '';
      const hrefs = [...footer.matchAll(/<a\b[^>]*href="([^"]+)"/g)].map((m) => m[1]);
      expect.soft(hrefs, `server-rendered footer of ${route.path}`).toEqual(
        expect.arrayContaining([...SPEC_CATEGORIES.slice(0, 5).map((c) => `/categories/${c.slug}`), '/about', '/contact']),
      );
    }
  });

  for (const name of ['home', 'article', 'category', 'contact', 'about', 'unknown path', 'missing article', 'unknown category']) {
    test(`the ${name} page's islands hydrate without console errors, with no POST /graphql for page data, and a link leads on`, async ({ page, request, consoleGuard }) => {
      consoleGuard.allow(/status of 404 .*\/(some\/unknown\/path|articles\/999999|categories\/nope)\)$/);
      const route = (await routeCases(request)).find((c) => c.name === name)!;
      const graphqlPosts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/graphql') graphqlPosts.push(r.postData() ?? '');
      });

      const response = await page.goto(route.path);
      expect(response?.status()).toBe(route.status);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
      // Was "hydrates without repeated data requests": now the page's islands hydrate (console guard) and no POST /graphql is made for page data.
      expect(graphqlPosts, 'the data came with the server render').toEqual([]);

      const target = route.path === '/about' ? { label: 'Contact', path: '/contact', heading: 'Get In Touch' } : { label: 'About', path: '/about', heading: /^About / };
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: target.label }).click();
      // Was the "no full page reload" marker: every link is now a page load, so check it navigates to the page by a link (URL and heading).
      await expect(page).toHaveURL(new RegExp(`${target.path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.heading);
    });
  }
});
