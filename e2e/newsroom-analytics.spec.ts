import { E2E_ADMIN_TOKEN } from './e2e-settings';
import { expect, test, waitForHydration, waitForIsland } from './fixtures';

/**
 * The owner's audience dashboard at /newsroom/analytics. Readers' visits are
 * counted on the server; headless browsers are bots, so the visits are made with a desktop
 * browser's user agent. Checked in both themes.
 */
const READER = {
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Accept-Language': 'en-AU,en;q=0.9',
  Referer: 'https://www.google.com/',
};

/** WCAG contrast ratio of two `rgb(...)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test.describe('audience dashboard', () => {
  test.beforeAll(async ({ request }) => {
    for (const path of ['/', '/about', '/categories']) expect((await request.get(path, { headers: READER })).status()).toBe(200);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the owner signs in and reads the charts and figures (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const response = await page.goto('/newsroom/analytics');
      expect(response?.status()).toBe(200);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await waitForHydration(page);
      await waitForIsland(page, 'analytics-dashboard', { react: true });

      await page.getByLabel('Newsroom token').fill(E2E_ADMIN_TOKEN);
      await page.getByRole('button', { name: 'Sign in' }).click();

      for (const name of ['Daily page views and visitors', 'Top articles', 'Top referrers', 'Countries', 'Core Web Vitals (p75 per page template)']) {
        await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      }
      // A live figure: the reader visits made above (and any before) are counted.
      const views = page.locator('dt', { hasText: 'Page views' }).locator('xpath=following-sibling::dd[1]');
      await expect(views).toHaveText(/^\d[\d,]*$/);
      expect(Number((await views.textContent())!.replace(/,/g, ''))).toBeGreaterThanOrEqual(3);
      await expect(page.getByRole('table', { name: 'Top referrers' })).toContainText('google.com');

      // The daily chart is drawn, and its axis labels are readable on the card in this theme.
      const daily = page.locator('section', { has: page.getByRole('heading', { name: 'Daily page views and visitors' }) });
      await expect(daily.locator('svg').first()).toBeVisible();
      const colours = await daily.evaluate((section) => {
        const label = section.querySelector('svg text');
        return { text: label ? getComputedStyle(label).fill : '', card: getComputedStyle(section).backgroundColor };
      });
      expect(colours.text).not.toBe('');
      expect(contrast(colours.text, colours.card), `${colours.text} on ${colours.card}`).toBeGreaterThanOrEqual(4.5);

      await page.getByRole('button', { name: '90 days' }).click();
      await expect(page.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('heading', { level: 2, name: 'Daily page views and visitors' })).toBeVisible();
    });
  }
});
