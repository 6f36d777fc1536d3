import { apiArticles, expect, test, waitForHydration } from './fixtures';

test.describe('accessibility smoke', () => {
  test('every page has one h1, a main landmark, navigation, a footer and alt text on every image', async ({ page, request, consoleGuard }) => {
    consoleGuard.allow(/status of 404 .*\/(some\/unknown\/path|articles\/999999)\)$/);
    const [article] = await apiArticles(request);
    const paths = ['/', `/articles/${article.id}`, `/categories/${article.categorySlug}`, '/categories', '/search?q=cloud', '/search?q=zzqxv', '/contact', '/about', '/domain', '/some/unknown/path', '/articles/999999'];
    for (const path of paths) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 }), `${path}: exactly one h1`).toHaveCount(1);
      await expect(page.getByRole('main'), `${path}: one main landmark`).toHaveCount(1);
      expect(await page.getByRole('navigation').count(), `${path}: a navigation landmark`).toBeGreaterThan(0);
      await expect(page.getByRole('contentinfo'), `${path}: a footer`).toHaveCount(1);
      await expect(page.locator('img:not([alt])'), `${path}: every image has an alt attribute`).toHaveCount(0);
      // The search box and every form control can be named by assistive technology.
      await expect(page.getByRole('searchbox', { name: 'Search tech news' })).toBeVisible();
    }
  });

  test('content images describe themselves; decorative card images are marked as such', async ({ page, request }) => {
    const [article] = await apiArticles(request);
    await page.goto(`/articles/${article.id}`);
    await expect(page.getByRole('main').locator('article img').first()).toHaveAttribute('alt', article.title);
    await page.goto('/');
    const cardImages = page.getByTestId('article-card').locator('img');
    expect(await cardImages.count()).toBeGreaterThan(0);
    for (const alt of await cardImages.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt')))) expect(alt).toBe('');
  });
});
