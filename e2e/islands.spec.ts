import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiArticles,
  apiBreakingNews,
  apiCategoryArticles,
  expect,
  expectedParagraphs,
  featuredOf,
  graphqlCategories,
  SPEC_CATEGORIES,
  test,
  waitForHydration,
  waitForIsland,
} from './fixtures';

/**
 * Islands: pages are server-rendered HTML and CSS, and only the interactive parts run code. Each
 * island is its own chunk named after its module (`/assets/{name}.island-{hash}.js`).
 */

const ISLAND_CHUNK = /\/([^/]+)\.island-[^/]+\.js$/;

/** React islands (the rest are plain DOM code): they count as hydrated once React has adopted their markup. */
const REACT_ISLANDS = new Set(['contact-form']);

interface RouteCase {
  name: string;
  path: string;
  status: number;
}

async function routeCases(request: APIRequestContext): Promise<RouteCase[]> {
  const [article] = await apiArticles(request);
  return [
    { name: 'home', path: '/', status: 200 },
    { name: 'article', path: `/articles/${article.id}`, status: 200 },
    { name: 'category', path: `/categories/${article.categorySlug}`, status: 200 },
    { name: 'about', path: '/about', status: 200 },
    { name: 'contact', path: '/contact', status: 200 },
    { name: 'not found', path: '/some/unknown/path', status: 404 },
  ];
}

/** The island names the server placed on the page, with when each loads. */
async function pageIslands(page: Page): Promise<{ name: string; when: string }[]> {
  return page.locator('[data-island]').evaluateAll((els) => els.map((el) => ({ name: el.getAttribute('data-island') ?? '', when: el.getAttribute('data-when') ?? 'idle' })));
}

test.describe('islands: the copy without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its whole copy', async ({ page, request }) => {
    const articles = await apiArticles(request);
    const breaking = await apiBreakingNews(request);
    const featured = featuredOf(articles);
    const latest = articles.filter((a) => a.id !== featured.id).slice(0, 6);
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Australian technology news/);
    await expect(page.getByRole('region', { name: 'Breaking news' }).locator('p:not([aria-hidden="true"])')).toHaveText(breaking.map((i) => i.title).join(' • '));
    await expect(page.getByRole('navigation', { name: 'Browse categories' }).getByRole('link')).toHaveText(SPEC_CATEGORIES.map((c) => c.name));
    const card = page.getByTestId('featured-article');
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(featured.title);
    await expect(card.getByText(featured.excerpt)).toBeVisible();
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Latest Tech News', level: 2 }) });
    await expect(section.getByTestId('article-card').getByRole('heading', { level: 3 })).toHaveText(latest.map((a) => a.title));
    await expect(page.getByTestId('partner-promotion')).toBeVisible();
    // Without the sidebar island the server's first partner is the one shown.
    await expect(page.getByTestId('partner-card').filter({ visible: true })).toHaveCount(1);
    const topics = page.locator('section', { has: page.getByRole('heading', { name: 'Trending Topics' }) }).getByRole('listitem');
    expect(await topics.count()).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: /^Why .+\?$/ })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer categories' }).getByRole('link')).toHaveText(
      SPEC_CATEGORIES.slice(0, 5).map((c) => c.name),
    );
  });

  test('an article shows its title and every paragraph of its content', async ({ page, request }) => {
    const article = (await apiArticles(request)).find((a) => a.sourceUrl) ?? (await apiArticles(request))[0];
    const response = await page.goto(`/articles/${article.id}`);
    expect(response?.status()).toBe(200);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(article.title);
    await expect(main.getByText(`By ${article.author}`)).toBeVisible();
    await expect(main.getByText(article.excerpt, { exact: true })).toBeVisible();
    const expected = expectedParagraphs(article.content);
    expect(expected.length).toBeGreaterThan(1);
    await expect(page.getByTestId('article-content').locator('p')).toHaveText(expected);
    await expect(main.getByRole('img', { name: article.title })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Related Articles' }).getByTestId('article-card').first()).toBeVisible();
  });

  test('a category shows its header and every card', async ({ page, request }) => {
    const { name, slug } = SPEC_CATEGORIES[2];
    const category = (await graphqlCategories(request)).find((c) => c.slug === slug)!;
    const articles = await apiCategoryArticles(request, name);
    await page.goto(`/categories/${slug}`);
    const header = page.getByRole('main').locator('header');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(header.getByText(category.description, { exact: true })).toBeVisible();
    await expect(header.getByText(`${articles.length} article(s) in this category`, { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByTestId('article-card').getByRole('heading', { level: 2 })).toHaveText(articles.map((a) => a.title));
  });

  test('the about page shows its cards, covered categories and metrics', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^About /);
    for (const name of ['Our Mission', 'Our Vision']) await expect(page.getByRole('region', { name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What We Cover' }).getByRole('listitem')).toHaveCount(14);
    const metrics = page.getByRole('region', { name: 'Platform Metrics' });
    for (const [value, label] of [
      ['25K+', /newsletter subscribers/i],
      ['500K+', /monthly page views/i],
      ['85%', /australian audience/i],
      ['3+', /years established/i],
    ] as const) {
      const item = metrics.locator('dd', { hasText: new RegExp(`^${value.replace('+', '\\+')}$`) });
      await expect(item).toBeVisible();
      await expect(item.locator('xpath=..')).toContainText(label);
    }
    await expect(page.getByRole('region', { name: /^Why Choose/ }).getByRole('heading', { level: 3 })).toHaveText(['Breaking News First', 'Expert Analysis', 'Business Focus']);
    // The domain CTA preselects 'Domain Purchase'.
    await expect(page.getByRole('link', { name: 'Inquire About Purchase' })).toHaveAttribute('href', '/contact?inquiry=domain');
  });

  test('the contact page shows the side cards and every form field', async ({ page }) => {
    await page.goto('/contact');
    const config = JSON.parse((await page.locator('#site-config').textContent()) ?? '{}') as { contactEmail: string; contactPhone: string };
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get In Touch');
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Send Message' }) });
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      await expect(form.getByLabel(label)).toBeVisible();
      await expect(form.getByLabel(label)).toHaveValue('');
    }
    await expect(form.getByLabel('Inquiry Type').locator('option')).toHaveText([
      'General Inquiry',
      'Domain Purchase',
      'Advertising Partnership',
      'Editorial Submission',
      'Technical Support',
    ]);
    await expect(form.getByLabel('Inquiry Type')).toHaveValue('general');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeVisible();

    await expect(page.getByRole('region', { name: 'Premium Domain For Sale' }).getByRole('listitem')).toHaveCount(4);
    const info = page.getByRole('region', { name: 'Contact Information' });
    await expect(info.getByRole('link', { name: config.contactEmail })).toHaveAttribute('href', `mailto:${config.contactEmail}`);
    await expect(info.getByRole('link', { name: config.contactPhone })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Response Times' }).getByRole('row').filter({ has: page.getByRole('rowheader') })).toHaveCount(4);
  });
});

test.describe('islands: each page loads only its own code', () => {
  for (const name of ['home', 'article', 'category', 'about', 'contact', 'not found']) {
    test(`the ${name} page requests only the chunks of the islands it holds`, async ({ page, request, consoleGuard }) => {
      consoleGuard.allow(/status of 404 .*\/some\/unknown\/path\)$/);
      const route = (await routeCases(request)).find((c) => c.name === name)!;
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(route.status);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');

      const islands = await pageIslands(page);
      const held = new Set(islands.map((i) => i.name));
      const requested = new Set(scripts.map((s) => ISLAND_CHUNK.exec(s)?.[1]).filter((n): n is string => Boolean(n)));
      expect([...requested].filter((n) => !held.has(n)), `${route.path} fetched island code it does not hold (${scripts.join(', ')})`).toEqual([]);
      // Islands that start by themselves have their code fetched.
      for (const island of islands.filter((i) => i.when === 'load' || i.when === 'idle')) expect(requested, `${route.path}: ${island.name}`).toContain(island.name);
      // The form's React and Apollo are for the contact page only, and only once the reader reaches for the form.
      expect(scripts.filter((s) => s.includes('contact-form')), `${route.path} fetched the contact form's code at load`).toEqual([]);
      if (route.path === '/contact') {
        await waitForIsland(page, 'contact-form', { react: true });
        expect(scripts.some((s) => s.includes('contact-form')), 'the form fetched its code when the reader reached it').toBe(true);
      }
    });
  }
});

test.describe('islands: hydration', () => {
  for (const name of ['home', 'article', 'category', 'about', 'contact', 'not found']) {
    test(`the ${name} page's islands hydrate without console errors`, async ({ page, request, consoleGuard }) => {
      consoleGuard.allow(/status of 404 .*\/some\/unknown\/path\)$/);
      const route = (await routeCases(request)).find((c) => c.name === name)!;
      await page.goto(route.path);
      await waitForHydration(page);
      const islands = await pageIslands(page);
      expect(islands.length, `${route.path} has islands`).toBeGreaterThan(0);
      for (const island of new Set(islands.map((i) => i.name))) await waitForIsland(page, island, { react: REACT_ISLANDS.has(island) });
      await page.waitForLoadState('networkidle');
      // The console guard fails the test on any console error, page error or hydration warning.
    });
  }

  test('what a reader types into the contact form before its code arrives is kept', async ({ page }) => {
    // A phone on a slow network: the form's code arrives only after the reader has started typing.
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/contact-form.island-*.js', async (route) => {
      await arrived;
      await route.fallback();
    });
    // The held code is preloaded, which would hold the load event too.
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    await waitForHydration(page);
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Send Message' }) });
    await form.getByLabel('Name').click();
    await page.keyboard.type('Ada Lovelace');
    await form.getByLabel('Email').click();
    await page.keyboard.type('ada@example.com.au');
    release();
    await waitForIsland(page, 'contact-form', { react: true });
    await expect(form.getByLabel('Name')).toHaveValue('Ada Lovelace');
    await expect(form.getByLabel('Email')).toHaveValue('ada@example.com.au');
  });
});
