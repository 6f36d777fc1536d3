import { randomUUID } from 'node:crypto';
import { E2E_ADMIN_TOKEN } from './e2e-settings';
import { expect, READER_WIDTHS, test, waitForHydration, waitForIsland } from './fixtures';

/**
 * The owner edits /ownership in the newsroom and readers see the new text at the next request;
 * a search for an author's name lists the author with a link to their page.
 *
 * The edits run in the desktop project only (no @phone tag), the phone width first and the desktop
 * width after it in the same worker, so two edits of the one page never race. Each keeps the page's
 * text and adds a line (other specs read /ownership), and the page goes back to the text kept with
 * the code afterwards.
 */
const OWNER = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}` };

test.describe('the owner edits a standards page', () => {
  test.afterEach(async ({ request }) => {
    expect((await request.delete('/api/admin/standards-pages/ownership', { headers: OWNER })).status()).toBe(204);
  });

  for (const { name, viewport } of READER_WIDTHS) {
    test.describe(`at ${name} width`, () => {
      test.use({ viewport });

      test('the new text of /ownership shows on the next request', async ({ page }) => {
        const marker = `Ownership note ${randomUUID().slice(0, 8)}: the newsroom edited this page.`;
        const response = await page.goto('/newsroom/standards');
        expect(response?.status()).toBe(200);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
        await waitForHydration(page);
        await waitForIsland(page, 'standards-editor', { react: true });

        await page.getByLabel('Newsroom token').fill(E2E_ADMIN_TOKEN);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('combobox', { name: 'Page' }).selectOption('ownership');
        const markdown = page.getByRole('textbox', { name: 'Markdown' });
        // The text kept with the code is there to edit.
        await expect(markdown).toHaveValue(/## The domain is for sale/);
        const current = await markdown.inputValue();
        await markdown.fill(`${current}\n\n${marker}`);

        await page.getByRole('button', { name: 'Preview' }).click();
        await expect(page.getByRole('region', { name: 'Preview' })).toContainText(marker);
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toContainText('Ownership and Funding shows the new text now.');

        await page.getByRole('link', { name: 'View the page' }).click();
        await expect(page).toHaveURL(/\/ownership$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ownership and Funding');
        await expect(page.locator('main')).toContainText(marker);
        // The rest of the page is as it was.
        await expect(page.locator('main')).toContainText('is for sale');
        const box = await page.locator('main').boundingBox();
        expect(box!.width).toBeLessThanOrEqual(viewport.width);
      });
    });
  }
});

for (const { name, tag, viewport } of READER_WIDTHS) {
  test.describe(`search finds authors at ${name} width${tag}`, () => {
    test.use({ viewport });

    test("a search for an author's name lists the author with a link to their page", async ({ page, request }) => {
      const authors = (await (await request.get('/api/authors')).json()) as { slug: string; name: string; role: string }[];
      expect(authors.length).toBeGreaterThan(0);
      const author = authors[0];
      // The start of the family name, in lower case: a prefix of a word is enough.
      const word = author.name.split(/\s+/).at(-1)!;
      const query = word.slice(0, Math.max(3, word.length - 1)).toLowerCase();

      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      const block = page.getByRole('region', { name: 'Authors' });
      await expect(block).toBeVisible();
      const link = block.getByRole('link', { name: author.name, exact: true });
      await expect(link).toHaveAttribute('href', `/authors/${author.slug}`);
      await expect(block).toContainText(author.role);
      // Above the article results.
      const firstResult = page.getByTestId('search-result').first();
      if (await firstResult.count()) expect((await block.boundingBox())!.y).toBeLessThan((await firstResult.boundingBox())!.y);

      await link.click();
      await expect(page).toHaveURL(new RegExp(`/authors/${author.slug}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(author.name);
    });
  });
}
