import type { APIRequestContext } from '@playwright/test';
import { apiArticles, expect, test, waitForHydration } from './fixtures';

/**
 * JavaScript budgets: what a reader's browser downloads at load, per route, in bytes over the wire
 * (1 kB = 1000 bytes). Whatever the server sends counts, compressed or not.
 */
const KB = 1000;

interface BudgetCase {
  name: string;
  path: string;
  status: number;
  budget: number;
}

async function budgetCases(request: APIRequestContext): Promise<BudgetCase[]> {
  const [article] = await apiArticles(request);
  return [
    { name: 'home', path: '/', status: 200, budget: 90 * KB },
    { name: 'article', path: `/articles/${article.id}`, status: 200, budget: 60 * KB },
    { name: 'category', path: `/categories/${article.categorySlug}`, status: 200, budget: 60 * KB },
    { name: 'about', path: '/about', status: 200, budget: 60 * KB },
    { name: 'not found', path: '/some/unknown/path', status: 404, budget: 60 * KB },
    { name: 'contact', path: '/contact', status: 200, budget: 160 * KB },
    // The buyer's page holds the same form island as /contact.
    { name: 'domain', path: '/domain', status: 200, budget: 160 * KB },
    { name: 'search', path: '/search?q=australian', status: 200, budget: 60 * KB },
  ];
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

test.describe('JavaScript budgets', () => {
  // The encodings Chromium offers; set explicitly so the figures do not depend on the browser build.
  test.use({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip, br' } });

  for (const name of ['home', 'article', 'category', 'about', 'not found', 'contact', 'domain', 'search']) {
    test(`the ${name} page's JavaScript stays within its budget`, async ({ page, request, consoleGuard }) => {
      consoleGuard.allow(/status of 404 .*\/some\/unknown\/path\)$/);
      const route = (await budgetCases(request)).find((c) => c.name === name)!;
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(route.status);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');

      const scripts = await page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => e.initiatorType === 'script' || /\.m?js$/.test(new URL(e.name).pathname))
          .map((e) => ({ url: new URL(e.name).pathname, transferSize: e.transferSize })),
      );
      // A fresh browser context has an empty cache: every script came over the network.
      for (const script of scripts) expect(script.transferSize, `${script.url} came over the network`).toBeGreaterThan(0);
      const total = scripts.reduce((sum, s) => sum + s.transferSize, 0);
      const listing = [...scripts]
        .sort((a, b) => b.transferSize - a.transferSize)
        .map((s) => `  ${kb(s.transferSize).padStart(9)}  ${s.url}`)
        .join('\n');
      console.log(`JavaScript budget ${route.path}: ${kb(total)} of ${kb(route.budget)}\n${listing}`);
      expect(total, `${route.path} downloads ${kb(total)} of JavaScript, over its ${kb(route.budget)} budget:\n${listing}\n`).toBeLessThanOrEqual(route.budget);
    });
  }
});
