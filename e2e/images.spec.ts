import { apiArticles, expect, SPEC_CATEGORIES, test, waitForHydration, type ApiArticle } from './fixtures';

/** An article whose category is linked from the footer (the first five categories). */
async function footerReachable(request: import('@playwright/test').APIRequestContext): Promise<ApiArticle> {
  const slugs: string[] = SPEC_CATEGORIES.slice(0, 5).map((c) => c.slug);
  return (await apiArticles(request)).find((a) => slugs.includes(a.categorySlug))!;
}

const FALLBACK = '/media/covers/fallback-';

/** The image must end up showing a loaded stock picture from the fallback pool. */
async function expectFallbackShown(img: import('@playwright/test').Locator) {
  await expect.poll(() => img.getAttribute('src')).toContain(FALLBACK);
  expect(await img.getAttribute('srcset')).toContain(FALLBACK);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

test.describe('card image fallback', () => {
  test('an article image that fails to load is replaced by a stock image (server-rendered page)', async ({ page, request, consoleGuard }) => {
    const [article] = await apiArticles(request);
    const key = article.imageUrl.split('/').pop()!;
    consoleGuard.allow(new RegExp(`Failed to load resource: net::ERR_FAILED \\(.*/media/covers/${key}`));
    let aborted = 0;
    await page.route(`**/media/covers/${key}*`, (route) => {
      aborted += 1;
      return route.abort();
    });
    await page.goto(`/articles/${article.id}`);
    await expect.poll(() => aborted).toBeGreaterThan(0);
    await expectFallbackShown(page.getByRole('img', { name: article.title }));
  });

  // Was '(client-side navigation)': links are now page loads, so the card's page is reached by a link instead.
  test('a card image that fails to load is replaced by a stock image (page reached by a link)', async ({ page, request, consoleGuard }) => {
    const article = await footerReachable(request);
    const key = article.imageUrl.split('/').pop()!;
    consoleGuard.allow(new RegExp(`Failed to load resource: net::ERR_FAILED \\(.*/media/covers/${key}`));
    await page.route(`**/media/covers/${key}*`, (route) => route.abort());
    await page.goto('/about');
    await waitForHydration(page);
    await page.getByRole('contentinfo').getByRole('link', { name: article.category, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.category);
    const card = page.getByTestId('article-card').filter({ has: page.getByRole('link', { name: article.title }) });
    await expectFallbackShown(card.locator('img'));
    // The other cards keep their own images.
    const other = page.getByTestId('article-card').filter({ hasNot: page.getByRole('link', { name: article.title }) }).first().locator('img');
    expect(await other.getAttribute('src')).not.toContain(FALLBACK);
  });

  test('a card without an image shows a stock image', async ({ page, request, consoleGuard }) => {
    // Was a GraphQL answer changed to imageUrl: null; pages now get their data on the server, so the media route answers 404 (no such image) for the card's cover instead; the server-side null case is covered by web/src/components/responsive-image.test.tsx 'uses a pool image when there is no image'.
    const article = await footerReachable(request);
    const key = article.imageUrl.split('/').pop()!;
    consoleGuard.allow(new RegExp(`status of 404 .*/media/covers/${key}`));
    let missing = 0;
    await page.route(`**/media/covers/${key}*`, (route) => {
      missing += 1;
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
    });
    await page.goto('/about');
    await waitForHydration(page);
    await page.getByRole('contentinfo').getByRole('link', { name: article.category, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.category);
    const card = page.getByTestId('article-card').filter({ has: page.getByRole('link', { name: article.title }) });
    await expect.poll(() => missing).toBeGreaterThan(0);
    await expectFallbackShown(card.locator('img'));
  });
});

test.describe('images never break', () => {
  test('with the media route down, every cover ends as an inline placeholder that needs no network', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/Failed to load resource: net::ERR_FAILED/);
    await page.route('**/media/**', (route) => route.abort());
    await page.goto('/');
    const covers = page.locator('img[data-cover]');
    expect(await covers.count()).toBeGreaterThan(3);
    // Lazy covers load (and fail) once they near the viewport.
    for (const cover of await covers.all()) await cover.scrollIntoViewIfNeeded();
    await expect
      .poll(() => covers.evaluateAll((imgs) => imgs.filter((i) => !(i as HTMLImageElement).src.startsWith('data:image/svg+xml')).length))
      .toBe(0);
    await expect
      .poll(() => covers.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
  });
});
