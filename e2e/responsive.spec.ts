import type { Page } from '@playwright/test';
import { apiArticles, expect, recordAnalytics, recordedSearches, test, waitForHydration } from './fixtures';

async function expectNoHorizontalOverflow(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${what} fits the screen width`).toBeLessThanOrEqual(innerWidth);
}

test.describe('responsive layout', () => {
  test('home and article fit a phone screen and the header search and navigation work @phone', async ({ page, request }) => {
    const [article] = await apiArticles(request);
    await recordAnalytics(page);
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.getByTestId('featured-article')).toBeVisible();
    await expectNoHorizontalOverflow(page, 'home');

    const search = page.getByPlaceholder('Search tech news...');
    await expect(search).toBeInViewport();
    await search.click();
    await search.fill('space economy');
    await search.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for "space economy"');
    expect(await recordedSearches(page)).toEqual(['space economy']);
    await expectNoHorizontalOverflow(page, 'search');

    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Categories', 'About', 'Contact']) {
      const link = nav.getByRole('link', { name: label });
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeInViewport();
    }
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get In Touch');
    await expectNoHorizontalOverflow(page, 'contact');

    await page.goto(`/articles/${article.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
    // The ad placeholder reserves a phone banner's space, not a desktop rectangle.
    const ad = await page.getByTestId('ad-placeholder').boundingBox();
    expect(ad!.height).toBeLessThanOrEqual(100);
    await expectNoHorizontalOverflow(page, 'article');
    const image = page.getByRole('img', { name: article.title });
    const box = (await image.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  });
});
