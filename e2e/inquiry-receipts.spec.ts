import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { pdfText } from './pdf-text';

const FILLED = { Name: 'Grace Hopper', Email: 'grace@example.com.au', Subject: 'A story tip', Message: 'Something is happening in Hobart.' };

test.describe('a form sent without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('lands on a page with its reference that a reload shows again without posting', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form[method="post"]');
    for (const [label, value] of Object.entries(FILLED)) await form.getByLabel(label).fill(value);
    await form.getByRole('button', { name: 'Send Message' }).click();
    const reference = await page.getByTestId('inquiry-reference').textContent();
    expect(reference).toMatch(/^INQ-\d{6}$/);
    expect(page.url()).not.toContain('grace');

    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await page.reload();
    await expect(page.getByTestId('inquiry-reference')).toHaveText(reference!);
    expect(posts).toEqual([]);
  });
});

test("the Domain Report downloaded from a site on a loopback address sends buyers to the domain for sale", async ({ page }) => {
  await page.goto('/domain');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download Domain Report' }).click();
  const { text } = await pdfText(await readFile((await (await download).path())!));
  expect(text).toContain('Offer form: https://austechnews.com.au/domain');
  expect(text).not.toMatch(/localhost|127\.0\.0\.1/);
});
