import { E2E_ADMIN_TOKEN } from './e2e-settings';
import { expect, test, waitForHydration, waitForIsland } from './fixtures';

/** A one-pixel PNG: the smallest picture the cover upload accepts. */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

test.describe('newsroom', () => {
  test('an editor publishes a story from /newsroom, readers see it on the home page, and unpublishing takes its page away', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 40[14]/);
    const title = `Hobart lab opens a quantum computing testbed ${Date.now()}`;
    const response = await page.goto('/newsroom');
    expect(response?.status()).toBe(200);
    // Never indexed.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await waitForHydration(page);
    await waitForIsland(page, 'newsroom-app');

    await page.getByLabel('Newsroom token').fill('not-the-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('That token was not accepted.')).toBeVisible();

    await page.getByLabel('Newsroom token').fill(E2E_ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'New Article' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Excerpt' }).fill('The University of Tasmania testbed gives start-ups time on a 20-qubit machine.');
    await page.getByRole('textbox', { name: 'Content' }).fill(
      'The testbed opened on Monday. Start-ups can book time on the machine through a national scheme. Short one. The first projects model battery chemistry for grid storage.',
    );
    await page.getByRole('combobox', { name: 'Category', exact: true }).click();
    await page.getByRole('option', { name: 'Artificial Intelligence' }).click();
    // The byline is one of the authors.
    await page.getByRole('combobox', { name: 'Author', exact: true }).click();
    await page.getByRole('option', { name: 'Tom Gallagher', exact: true }).click();
    await page.getByLabel('Cover image').setInputFiles({ name: 'testbed.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') });

    // The preview is the article page's body: one sentence a paragraph, the fragment left out.
    const preview = page.getByTestId('newsroom-preview');
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(preview.getByTestId('article-content').locator('p')).toHaveText([
      'The testbed opened on Monday.',
      'Start-ups can book time on the machine through a national scheme.',
      'The first projects model battery chemistry for grid storage.',
    ]);
    const previewReadingTime = await preview.getByText(/min read$/).textContent();

    await page.getByRole('button', { name: 'Publish' }).click();
    const viewOnSite = page.getByRole('link', { name: 'View on site' });
    await expect(viewOnSite).toBeVisible();
    const href = await viewOnSite.getAttribute('href');
    expect(href).toMatch(/^\/articles\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Recent Revisions' })).toBeVisible();
    await expect(page.getByText(/^Created by owner/)).toBeVisible();

    // Readers: on the home page at once, and its page reads the same as the preview.
    await page.goto('/');
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
    await page.goto(href!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('main').getByText(/min read$/).first()).toHaveText(previewReadingTime!);
    // The uploaded cover, re-encoded and served at the page's widths.
    const cover = page.getByRole('main').locator('article img').first();
    await expect(cover).toHaveAttribute('src', /\/covers\/uploads\//);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Retracted: gone from the home page, and its page answers 404.
    await page.goto('/newsroom');
    await waitForIsland(page, 'newsroom-app');
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByRole('button', { name: 'Yes, unpublish' }).click();
    await expect(page.getByText(`Saved as a draft: ${title}`)).toBeVisible();
    expect((await page.goto(href!))?.status()).toBe(404);
    await page.goto('/');
    await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  });

  test('the newsroom meets the accessibility bar and its code is not in a reader page', async ({ page }) => {
    await page.goto('/newsroom');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Newsroom');
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByLabel('Newsroom token')).toBeVisible();

    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url());
    });
    await page.goto('/');
    await waitForHydration(page);
    expect(scripts.some((url) => /newsroom/i.test(url)), `no newsroom script on the home page: ${scripts.join(', ')}`).toBe(false);
  });
});
