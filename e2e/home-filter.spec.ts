import type { Page } from '@playwright/test';
import { apiArticles, type ApiArticle, expect, READER_WIDTHS, test, waitForHydration } from './fixtures';

/** What the server lists under Latest for a category: its newest six. */
const latestOf = (articles: readonly ApiArticle[], slug: string) => articles.filter((a) => a.categorySlug === slug).slice(0, 6).map((a) => a.title);

/** Two categories with stories, the first not the newest story's (so choosing it changes the list). */
function twoCategories(articles: readonly ApiArticle[]): [ApiArticle, ApiArticle] {
  const bySlug = new Map<string, ApiArticle>();
  for (const article of articles) if (!bySlug.has(article.categorySlug)) bySlug.set(article.categorySlug, article);
  const [, second, third] = [...bySlug.values()];
  return [second, third];
}

const latestTitles = (page: Page) => page.getByTestId('latest-grid').getByTestId('article-card').getByRole('heading', { level: 3 });
const chips = (page: Page) => page.getByRole('navigation', { name: 'Filter latest news by category' });

for (const { name, tag, viewport } of READER_WIDTHS) {
  test.describe(`home page Filter on a ${name}${tag}`, () => {
    test.use({ viewport });

    test('with script a chip shows its category in place: no page load, the URL follows, Back and Forward and reload agree', async ({ page, request }) => {
      const articles = await apiArticles(request);
      const [first, second] = twoCategories(articles);
      await page.goto('/');
      await waitForHydration(page);
      const everything = await latestTitles(page).allTextContents();
      // Both survive only if the page is never loaded again: a property on window and on the live region's element.
      await page.evaluate(() => {
        (window as { filterMarker?: string }).filterMarker = 'same page';
        (document.querySelector('#latest [role="status"]') as HTMLElement & { marker?: string }).marker = 'same region';
      });
      const loads: string[] = [];
      page.on('load', () => loads.push(page.url()));

      await page.getByRole('button', { name: 'Filter' }).click();
      const chip = chips(page).getByRole('link', { name: first.category, exact: true });
      await chip.click();
      await expect(page).toHaveURL(new RegExp(`/\\?category=${first.categorySlug}#latest$`));
      await expect(latestTitles(page)).toHaveText(latestOf(articles, first.categorySlug));
      const status = page.locator('#latest').getByRole('status');
      await expect(status).toHaveText(new RegExp(`^Showing ${first.category}: \\d+ article\\(s\\)$`));
      await expect(chip).toHaveAttribute('aria-current', 'true');
      await expect(chip).toBeFocused();
      expect(await page.evaluate(() => (window as { filterMarker?: string }).filterMarker)).toBe('same page');
      expect(await status.evaluate((el) => (el as HTMLElement & { marker?: string }).marker)).toBe('same region');

      await chips(page).getByRole('link', { name: second.category, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/\\?category=${second.categorySlug}#latest$`));
      await expect(latestTitles(page)).toHaveText(latestOf(articles, second.categorySlug));

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/\\?category=${first.categorySlug}#latest$`));
      await expect(latestTitles(page)).toHaveText(latestOf(articles, first.categorySlug));
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
      await expect(latestTitles(page)).toHaveText(everything);
      await expect(status).toHaveText('Showing the latest news from every category');
      await page.goForward();
      await expect(latestTitles(page)).toHaveText(latestOf(articles, first.categorySlug));
      expect(await page.evaluate(() => (window as { filterMarker?: string }).filterMarker)).toBe('same page');
      expect(loads).toEqual([]);

      // A reload is the server's render of the same choice.
      await page.reload();
      await expect(latestTitles(page)).toHaveText(latestOf(articles, first.categorySlug));
      await expect(page.locator('#latest').getByRole('status')).toHaveText(new RegExp(`^Showing ${first.category}: `));
      await expect(chips(page).getByRole('link', { name: first.category, exact: true })).toHaveAttribute('aria-current', 'true');
    });

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });

      test('Filter opens the chips at the Latest section, and a chip loads the page there with only that category listed', async ({ page, request }) => {
        const articles = await apiArticles(request);
        const [, second] = twoCategories(articles);
        await page.goto('/');
        await expect(chips(page)).toBeHidden();
        await page.getByRole('button', { name: 'Filter' }).click();
        await expect(page).toHaveURL(/\/\?filter=open#latest$/);
        await expect(chips(page)).toBeVisible();
        await expect(page.getByRole('button', { name: 'Filter' })).toHaveAttribute('aria-expanded', 'true');
        await expect(page.getByRole('heading', { name: 'Latest Tech News', level: 2 })).toBeInViewport();
        await chips(page).getByRole('link', { name: second.category, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/\\?category=${second.categorySlug}#latest$`));
        await expect(page.getByRole('heading', { name: 'Latest Tech News', level: 2 })).toBeInViewport();
        await expect(latestTitles(page)).toHaveText(latestOf(articles, second.categorySlug));
        await expect(latestTitles(page).first()).toBeInViewport();
        await expect(page.locator('#latest').getByRole('status')).toHaveText(new RegExp(`^Showing ${second.category}: `));
      });
    });
  });
}

test('a chosen page with style rules this page lacks: they apply, and no style breaks the CSP', async ({ page, request }) => {
  const [first] = twoCategories(await apiArticles(request));
  // The page fetched for the choice carries one rule the first page never had.
  await page.route(`**/?category=${first.categorySlug}`, async (route) => {
    if (route.request().resourceType() !== 'fetch') return route.continue();
    const response = await route.fetch();
    const rule = '<style data-emotion="css e2e-filter-only">[data-latest-swap="grid"]{outline:3px solid rgb(1, 2, 3)}</style>';
    await route.fulfill({ response, body: (await response.text()).replace('</head>', `${rule}</head>`) });
  });
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Filter' }).click();
  await chips(page).getByRole('link', { name: first.category, exact: true }).click();
  await expect(latestTitles(page).first()).toBeVisible();
  await expect(page.getByTestId('latest-grid')).toHaveCSS('outline-color', 'rgb(1, 2, 3)');
  // The console guard fails the test on any CSP report.
});
