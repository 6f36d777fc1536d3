import type { Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from './e2e-settings';
import { apiArticles, expect, READER_WIDTHS, test, waitForHydration, waitForIsland } from './fixtures';

/** A desktop browser's visit: headless browsers are bots, whose reports are dropped. */
const READER = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Accept-Language': 'en-AU' };

async function signIn(page: Page, path: string, island: string) {
  await page.goto(path);
  await waitForHydration(page);
  await waitForIsland(page, island, { react: true });
  await page.getByLabel('Newsroom token').fill(E2E_ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

for (const { name, tag, viewport } of READER_WIDTHS) {
  test.describe(`the newsroom asks before it takes anything away, on a ${name}${tag}`, () => {
    test.use({ viewport });

    test('Unpublish and ticker Remove ask first; Cancel changes nothing; dates carry their time; analytics is one link away', async ({ page, request }) => {
      const [article] = await apiArticles(request);
      await signIn(page, '/newsroom', 'newsroom-app');

      // The story list shows when each story goes out, to the minute (Sydney time).
      await expect(page.getByText(/\d{1,2} \w+ \d{4}(,| at) \d{1,2}:\d{2} [ap]m AE[DS]T/).first()).toBeVisible();

      await page.getByRole('button', { name: `Edit ${article.title}` }).click();
      await page.getByRole('button', { name: 'Unpublish' }).click();
      const unpublish = page.getByRole('group', { name: 'Take this story off the site?' });
      await expect(unpublish.getByRole('button', { name: 'Yes, unpublish' })).toBeFocused();
      await unpublish.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('button', { name: 'Unpublish' })).toBeFocused();

      const ticker = page.getByRole('list', { name: 'Ticker headlines' });
      const before = await ticker.getByRole('listitem').count();
      expect(before).toBeGreaterThan(0);
      await ticker.getByRole('button', { name: /^Remove / }).first().click();
      const remove = ticker.getByRole('group', { name: 'Remove it from the ticker?' });
      await expect(remove.getByRole('button', { name: 'Yes, remove' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(remove).toHaveCount(0);
      await expect(ticker.getByRole('listitem')).toHaveCount(before);

      // Nothing was taken off the site.
      expect((await request.get(`/articles/${article.id}`)).status()).toBe(200);

      await page.getByRole('link', { name: 'Audience analytics' }).click();
      await expect(page).toHaveURL(/\/newsroom\/analytics$/);
    });
  });
}

for (const { name, tag, viewport } of READER_WIDTHS) {
  test.describe(`the analytics tables on a ${name}${tag}`, () => {
    test.use({ viewport });

    test('the Web Vitals table takes keyboard focus and, wider than the screen, scrolls sideways from the keyboard', async ({ page, request }) => {
      const report = JSON.stringify({ path: '/', metrics: [{ name: 'LCP', value: 1800 }, { name: 'CLS', value: 0.01 }, { name: 'INP', value: 120 }, { name: 'TTFB', value: 200 }, { name: 'FCP', value: 900 }] });
      expect((await request.post('/api/vitals', { headers: { ...READER, 'Content-Type': 'text/plain' }, data: report })).status()).toBe(204);

      await signIn(page, '/newsroom/analytics', 'analytics-dashboard');
      const region = page.getByRole('region', { name: 'Web vitals table (scrolls sideways)' });
      // Reports are written in batches: ask again until this one is counted.
      await expect(async () => {
        await page.getByRole('button', { name: '90 days' }).click();
        await page.getByRole('button', { name: '30 days' }).click();
        await expect(region).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });

      const overflows = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
      if (name === 'phone') expect(overflows, 'the table is wider than a phone').toBe(true);
      await region.focus();
      await expect(region).toBeFocused();
      if (overflows) {
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      }
    });
  });
}
