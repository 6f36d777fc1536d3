import type { Page } from '@playwright/test';
import { apiArticles, expect, READER_WIDTHS, test, waitForHydration } from './fixtures';

const PHONE_WIDTHS = [320, 360, 390, 430];

/** The computed outline style of the focused element (or of the element a selector names). */
const outlineOf = (page: Page, selector?: string) =>
  page.evaluate((sel) => {
    const el = sel ? document.querySelector(sel) : document.activeElement;
    return el ? getComputedStyle(el).outlineStyle : null;
  }, selector);

for (const { name, tag, viewport } of READER_WIDTHS) {
  test.describe(`focus after following a link on a ${name}${tag}`, () => {
    test.use({ viewport });

    test('a click moves focus to the heading without a ring; the keyboard gets the ring', async ({ page }) => {
      await page.goto('/contact');
      await waitForHydration(page);
      await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
      await expect(page).toHaveURL(/\/about$/);
      const heading = page.getByRole('main').getByRole('heading', { level: 1 });
      await expect(heading).toBeFocused();
      expect(await outlineOf(page)).toBe('none');

      await waitForHydration(page);
      const contact = page.getByRole('contentinfo').getByRole('link', { name: 'Contact' });
      await contact.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
      expect(await outlineOf(page)).toBe('solid');
    });

    test('a text field focused from the keyboard has one ring, around the whole field', async ({ page }) => {
      await page.goto('/contact');
      const message = page.getByRole('textbox', { name: 'Message' });
      await page.getByLabel('Subject').focus();
      // To the message through the keyboard, so :focus-visible applies as it does for keyboard readers.
      while (!(await message.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
      expect(await message.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');
      expect(await message.evaluate((el) => getComputedStyle(el.closest('.MuiOutlinedInput-root')!).outlineStyle)).toBe('solid');
    });
  });
}

test.describe('the breaking ticker', () => {
  for (const width of [390, 1366]) {
    test(`focused from the keyboard, its ring is whole: inside the page and not under the header (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      const marquee = page.getByRole('marquee');
      while (!(await marquee.evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
      const ring = await marquee.evaluate((el) => {
        const style = getComputedStyle(el);
        const rect = el.getBoundingClientRect();
        // How far the ring reaches beyond the element's box on each side.
        const reach = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
        return { style: style.outlineStyle, top: rect.top - reach, bottom: rect.bottom + reach, left: rect.left - reach, right: rect.right + reach, tickerBottom: el.closest('section')!.getBoundingClientRect().bottom };
      });
      expect(ring.style).toBe('solid');
      expect(ring.top).toBeGreaterThanOrEqual(0);
      expect(ring.bottom).toBeLessThanOrEqual(ring.tickerBottom);
      expect(ring.left).toBeGreaterThanOrEqual(0);
      expect(ring.right).toBeLessThanOrEqual(width);
    });
  }
});

test.describe('phones', () => {
  test('the domain on /domain breaks only at its dots at every width from 320 px @phone', async ({ page }) => {
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/domain');
      const heading = page.getByRole('heading', { level: 1 });
      const labels = heading.locator('[data-domain-label]');
      expect(await labels.count()).toBeGreaterThan(1);
      for (const lines of await labels.evaluateAll((spans) => spans.map((s) => s.getClientRects().length))) expect(lines, `${width} px`).toBe(1);
      expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth), `${width} px`).toBe(true);
    }
  });

  test('the Share menu stays within the screen at every phone width @phone', async ({ page, request }) => {
    // No native share sheet: the menu is what the reader gets.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    const [article] = await apiArticles(request);
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/articles/${article.id}`);
      await page.getByRole('button', { name: 'Share' }).click();
      const menu = page.locator('[popover]:popover-open');
      await expect(menu).toBeVisible();
      const box = (await menu.boundingBox())!;
      expect(box.x, `${width} px`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
      await page.keyboard.press('Escape');
    }
  });
});

test.describe('the Share menu on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('opens within the window beside its button', async ({ page, request }) => {
    // No native share sheet: the menu is what the reader gets.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    const [article] = await apiArticles(request);
    await page.goto(`/articles/${article.id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const menu = page.locator('[popover]:popover-open');
    await expect(menu).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
  });
});

test.describe('home page Filter without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a category chip lands at the Latest section with the filtered stories in view', async ({ page, request }) => {
    const articles = await apiArticles(request);
    const target = articles.find((a) => a.categorySlug !== articles[0].categorySlug)!;
    // Without script the chips show while a category is chosen.
    await page.goto('/?category=' + articles[0].categorySlug);
    const chips = page.getByRole('navigation', { name: 'Filter latest news by category' });
    await chips.getByRole('link', { name: target.category, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?category=${target.categorySlug}#latest$`));
    await expect(page.getByRole('heading', { name: 'Latest Tech News', level: 2 })).toBeInViewport();
    await expect(page.getByTestId('latest-grid').getByTestId('article-card').first()).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await chips.getByRole('link', { name: 'All', exact: true }).click();
    await expect(page).toHaveURL(/\/#latest$/);
    await expect(page.getByRole('heading', { name: 'Latest Tech News', level: 2 })).toBeInViewport();
  });
});

for (const { name, tag, viewport } of READER_WIDTHS) {
  test.describe(`the advertisement position on a ${name}${tag}`, () => {
    test.use({ viewport });

    for (const colorScheme of ['light', 'dark'] as const) {
      test(`holds a labelled house advertisement to the advertising inquiry (${colorScheme})`, async ({ page, request }) => {
        await page.emulateMedia({ colorScheme });
        const [article] = await apiArticles(request);
        await page.goto(`/articles/${article.id}`);
        const ad = page.getByTestId('ad-placeholder');
        await expect(ad).toBeVisible();
        await expect(ad).toContainText('Advertisement');
        await expect(ad.getByText('Advertise with AusTech News')).toBeVisible();
        await expect(ad).toHaveAttribute('href', '/contact?inquiry=advertising');
        const [text, background] = await ad.evaluate((el) => [getComputedStyle(el.querySelector('strong')!).color, getComputedStyle(el).backgroundColor]);
        expect(text).not.toBe(background);
        await ad.click();
        await expect(page.getByLabel('Inquiry Type')).toHaveValue('advertising');
      });
    }
  });
}

for (const { name, tag, viewport } of READER_WIDTHS) {
  test.describe(`privacy and print on a ${name}${tag}`, () => {
    test.use({ viewport });

    test('/privacy says what is counted, stored, for how long and who sees it, linked from the footer and the forms', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy');
      for (const name of ['What is counted', 'What is stored when you write to us', 'How long we keep it', 'Who sees it']) {
        await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      }
      for (const path of ['/contact', '/domain']) {
        await page.goto(path);
        const form = page.locator('form', { has: page.getByRole('button', { name: 'Send Message' }) });
        await expect(form.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
      }
    });

    test('every footer link is a touch target at least 24 px tall that leads to a page', async ({ page, request }) => {
      await page.goto('/');
      const links = page.getByRole('contentinfo').getByRole('link');
      expect(await links.count()).toBeGreaterThan(0);
      for (const link of await links.all()) {
        const box = (await link.boundingBox())!;
        expect(box.height, (await link.textContent()) ?? '').toBeGreaterThanOrEqual(24);
        const href = (await link.getAttribute('href'))!;
        if (href.startsWith('/')) expect((await request.get(href)).status(), href).toBe(200);
      }
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    });

    test('a printed article is the article alone: headline, byline, date, image, text, source link and its address', async ({ page, request }) => {
      const article = (await apiArticles(request)).find((a) => a.sourceUrl)!;
      await page.goto(`/articles/${article.id}`);
      await page.emulateMedia({ media: 'print' });
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(article.title);
      await expect(main.getByText(`By ${article.author}`)).toBeVisible();
      await expect(main.locator('time').first()).toBeVisible();
      await expect(main.locator('.cover img')).toBeVisible();
      await expect(main.getByTestId('article-content')).toBeVisible();
      await expect(main.locator('a.source')).toBeVisible();
      expect(await main.locator('a.source').evaluate((a) => getComputedStyle(a, '::after').content)).toContain(article.sourceUrl!);
      await expect(main.getByText(new RegExp(`/articles/${article.id}$`))).toBeVisible();
      for (const hidden of [page.getByRole('banner'), page.getByRole('contentinfo'), page.getByRole('search'), page.getByTestId('ad-placeholder'), page.getByRole('button', { name: 'Share' })]) {
        await expect(hidden).toBeHidden();
      }
      await page.emulateMedia({ media: 'screen' });
      await expect(main.getByText(new RegExp(`/articles/${article.id}$`))).toBeHidden();
    });
  });
}
