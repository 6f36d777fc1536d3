import { expect, test, waitForHydration } from './fixtures';

const background = (page: import('@playwright/test').Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const LIGHT = 'rgb(246, 248, 251)';
const DARK = 'rgb(11, 18, 32)';

test.describe('dark mode', () => {
  test('follows the system preference when the reader has not chosen', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    expect(await background(page)).toBe(DARK);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await background(page)).toBe(LIGHT);
  });

  test('the header toggle switches at once, is a pressed button, and the server renders the choice next time', async ({ page, context, baseURL }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/about');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await background(page)).toBe(DARK);
    const cookie = (await context.cookies(baseURL)).find((c) => c.name === 'theme');
    expect(cookie?.value).toBe('dark');

    // The next page arrives dark from the server: no flash of the light theme.
    const response = await page.goto('/contact');
    expect(/<html[^>]*data-theme="dark"/.test(await response!.text())).toBe(true);
    expect(await background(page)).toBe(DARK);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await background(page)).toBe(LIGHT);
  });

  test('is operable with the keyboard', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('focus', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`every control reached with Tab shows an outline of at least 2 px (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/');
      await waitForHydration(page);
      const seen: string[] = [];
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const style = getComputedStyle(el);
          return { name: `${el.tagName} ${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}`, width: parseFloat(style.outlineWidth), outline: style.outlineStyle };
        });
        if (!focus) continue;
        seen.push(focus.name);
        expect(focus.outline, focus.name).not.toBe('none');
        expect(focus.width, focus.name).toBeGreaterThanOrEqual(2);
      }
      expect(seen.length).toBeGreaterThan(10);
    });
  }
});
