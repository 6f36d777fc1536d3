import { apiArticles, expect, test } from './fixtures';

test.describe('offline reading', () => {
  test.use({ serviceWorkers: 'allow' });

  test('articles read online open offline with a notice; others show the offline page listing them', async ({ page, context, request, consoleGuard }) => {
    // Offline, the browser reports the failed network requests the worker answers from its caches.
    consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to load resource|net::ERR_FAILED/);
    const [read, unread] = await apiArticles(request);
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The worker controls the page once it has claimed it; reload so this visit goes through it.
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.goto(`/articles/${read.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(read.title);
    await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeHidden();
    // The worker saves the page after answering it.
    await expect
      .poll(() => page.evaluate(async () => (await (await fetch('/offline/saved-articles.json')).json()).map((a: { url: string }) => a.url)))
      .toContain(`/articles/${read.id}`);

    await context.setOffline(true);
    await page.goto(`/articles/${read.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(read.title);
    await expect(page.getByRole('status').filter({ hasText: "You're offline" })).toBeVisible();
    // Ages are computed on the device.
    await expect(page.locator('[data-published-at]').first()).toHaveText(/ago|Just now/);

    await page.goto(`/articles/${unread.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're offline");
    const saved = page.getByRole('region', { name: 'Saved articles' }).getByRole('link');
    await expect(saved).toHaveText([read.title]);
    await saved.first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(read.title);

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Latest Tech News' })).toBeVisible();
    await context.setOffline(false);
  });
});
