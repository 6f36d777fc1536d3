import type { Page } from '@playwright/test';
import { apiArticles, expect, expectedAgeLabel, NAV_LINKS, SPEC_CATEGORIES, test, waitForHydration, type ApiArticle } from './fixtures';

const AGE_PATTERN = /^(Just now|\d+ hours ago|\d+ days ago)$/;

/** The age label of every card on the page, keyed by the card's title. */
async function ageLabels(page: Page): Promise<Map<string, string>> {
  const cards = page.locator('[data-testid="article-card"], [data-testid="featured-article"]');
  await expect(cards.first()).toBeVisible();
  const rows = await cards.evaluateAll((els) =>
    els.map((el) => {
      const title = el.querySelector('h2, h3')?.textContent?.trim() ?? '';
      const byline = [...el.querySelectorAll('p')].map((p) => p.textContent ?? '').find((t) => t.includes(' · ')) ?? '';
      return [title, byline.split(' · ').pop()!.trim()] as const;
    }),
  );
  return new Map(rows);
}

function expectLabelsMatch(labels: Map<string, string>, articles: ApiArticle[], before: number, after: number) {
  expect(labels.size).toBeGreaterThan(0);
  for (const [title, label] of labels) {
    expect(label, `age label of "${title}"`).toMatch(AGE_PATTERN);
    const article = articles.find((a) => a.title === title)!;
    expect(article, `"${title}" is an article of the API`).toBeTruthy();
    // The clock may tick over a boundary during the test: either side is right.
    expect([expectedAgeLabel(article.publishedAt, before), expectedAgeLabel(article.publishedAt, after)]).toContain(label);
  }
}

test.describe('site-wide navigation', () => {
  test("an unknown path answers 404 with '404 Page Not Found'", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404 .*\/some\/unknown\/path\)$/);
    const response = await page.goto('/some/unknown/path');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  });

  test('every page has the header with its navigation and search, and the footer', async ({ page, request, consoleGuard }) => {
    consoleGuard.allow(/status of 404 .*\/(some\/unknown\/path|articles\/999999)\)$/);
    const [article] = await apiArticles(request);
    for (const path of ['/', `/articles/${article.id}`, '/categories/cybersecurity', '/contact', '/about', '/some/unknown/path', '/articles/999999']) {
      await page.goto(path);
      const header = page.getByRole('banner');
      await expect(header, path).toBeVisible();
      await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(NAV_LINKS.map((l) => l.label));
      await expect(header.getByPlaceholder('Search tech news...')).toBeVisible();
      const footer = page.getByRole('contentinfo');
      await expect(footer, path).toBeVisible();
      await expect(footer.getByRole('navigation', { name: 'Footer categories' }).getByRole('link')).toHaveText(SPEC_CATEGORIES.slice(0, 5).map((c) => c.name));
      await expect(footer.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('href', '/about');
      await expect(footer.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('href', '/contact');
      // The ticker belongs to home only.
      await expect(page.getByRole('region', { name: 'Breaking news' })).toHaveCount(path === '/' ? 1 : 0);
    }
  });

  test('the header links lead to their pages', async ({ page }) => {
    await page.goto('/contact');
    await waitForHydration(page);
    const expectations = [
      { label: 'Home', path: '/', check: page.getByRole('heading', { name: 'Latest Tech News' }) },
      { label: 'Categories', path: '/categories/artificial-intelligence', check: page.getByRole('heading', { level: 1, name: 'Artificial Intelligence' }) },
      { label: 'About', path: '/about', check: page.getByRole('heading', { level: 1, name: /^About / }) },
      { label: 'Contact', path: '/contact', check: page.getByRole('heading', { level: 1, name: 'Get In Touch' }) },
    ];
    for (const { label, path, check } of expectations) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
      // Was the "without reloading" marker: every link is now a page load, so each navigates to its page by a link (URL and heading).
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(check).toBeVisible();
    }
  });

  test('the footer category links lead to their category pages', async ({ page }) => {
    await page.goto('/about');
    await waitForHydration(page);
    for (const c of SPEC_CATEGORIES.slice(0, 5)) {
      await page.getByRole('contentinfo').getByRole('link', { name: c.name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.name);
      expect(new URL(page.url()).pathname).toBe(`/categories/${c.slug}`);
    }
  });

  test('cards show their age as Just now, {n} hours ago or {n} days ago', async ({ page, request }) => {
    const articles = await apiArticles(request);
    const before = Date.now();
    await page.goto('/');
    const home = await ageLabels(page);
    await page.goto('/categories/autonomous-vehicles');
    const category = await ageLabels(page);
    const after = Date.now();
    expectLabelsMatch(home, articles, before, after);
    expectLabelsMatch(category, articles, before, after);
    // The seed spans minutes to weeks, so all three forms are on show.
    const all = [...home.values(), ...category.values()];
    expect(all.some((l) => l === 'Just now')).toBe(true);
    expect(all.some((l) => /^\d+ hours ago$/.test(l))).toBe(true);
    expect(all.some((l) => /^\d+ days ago$/.test(l))).toBe(true);
  });

  test.describe('service worker', () => {
    test.use({ serviceWorkers: 'allow' });

    test('registers /sw.js after loading', async ({ page }) => {
      await page.goto('/');
      const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
      expect(new URL(scriptUrl).pathname).toBe('/sw.js');
    });
  });
});
