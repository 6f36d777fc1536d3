import { expect, test } from './fixtures';

/** A byline leads to a real author page; an unknown author is a real 404; the footer reaches every standards page. */
test.describe('authors and standards', () => {
  test('clicking a byline on a card lands on the author page, whose articles are theirs', async ({ page }) => {
    await page.goto('/');
    const card = page.getByTestId('article-card').first();
    const byline = card.locator('a[href^="/authors/"]').first();
    const name = (await byline.textContent())!.trim();
    await byline.click();
    await expect(page).toHaveURL(/\/authors\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByTestId('author-role')).not.toBeEmpty();
    const cards = page.getByTestId('article-card');
    await expect(cards.first()).toBeVisible();
    for (const text of await cards.locator('a[href^="/authors/"]').allTextContents()) expect(text).toBe(name);
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd!)).toMatchObject({ '@type': 'ProfilePage', mainEntity: { '@type': 'Person', name } });
  });

  test("the article's byline links to its author", async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('article-card').first().getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/articles\/\d+$/);
    const byline = page.locator('article a[rel="author"]');
    const name = (await byline.textContent())!.trim();
    await byline.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('an unknown author is a 404 with a noindex page', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404 .*\/authors\/nobody-writes-here/);
    const response = await page.goto('/authors/nobody-writes-here');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Author Not Found');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('/authors lists every author with a link to their page', async ({ page }) => {
    await page.goto('/authors');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Authors');
    const links = page.locator('main a[href^="/authors/"]');
    expect(await links.count()).toBeGreaterThanOrEqual(8);
  });

  test('the footer reaches every standards page, each with its heading', async ({ page }) => {
    const pages: [string, RegExp][] = [
      ['Editorial standards', /^Editorial Standards$/],
      ['Corrections policy', /^Corrections Policy$/],
      ['Corrections', /^Corrections$/],
      ['How we use AI', /^How We Use AI$/],
      ['Ownership and funding', /^Ownership and Funding$/],
      ['Masthead', /^Masthead$/],
      ['Our authors', /^Our Authors$/],
    ];
    for (const [label, heading] of pages) {
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Our standards' }).getByRole('link', { name: label, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    await page.goto('/ownership');
    await expect(page.locator('main')).toContainText('is for sale');
  });

  test('standards pages are readable without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/editorial-standards');
    await expect(page.getByRole('heading', { level: 2, name: 'Labels you can rely on' })).toBeVisible();
    await page.goto('/masthead');
    await expect(page.getByRole('heading', { level: 2, name: 'Editors' })).toBeVisible();
    await context.close();
  });
});
