import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN_TOKEN } from './e2e-settings';
import { expect, READER_WIDTHS, test, waitForHydration, waitForIsland } from './fixtures';

/**
 * The newsroom's tools readers' trust rests on, in a real browser at a phone's and a desktop's
 * width: an author made in the newsroom becomes a story's byline linking to their page, and a
 * correction added there is on the story and on /corrections at the next request.
 */
const AS_OWNER = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'Content-Type': 'application/json' };

/** A published story of its own, with a byline of no author, so no other test reads what this one changes. */
async function publishStory(request: APIRequestContext, title: string, kind: string): Promise<number> {
  const res = await request.post('/api/admin/articles', {
    headers: AS_OWNER,
    data: {
      title,
      excerpt: 'Straddle carriers drive themselves between the quay and the stacks.',
      content: 'The port began a trial of driverless straddle carriers on Monday. Twelve machines run on the east terminal overnight.',
      category: 'autonomous-vehicles',
      author: 'Desk Staff',
      kind,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function signIn(page: Page) {
  await page.goto('/newsroom');
  await waitForHydration(page);
  await waitForIsland(page, 'newsroom-app', { react: true });
  await page.getByLabel('Newsroom token').fill(E2E_ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'New Article' })).toBeVisible();
}

for (const { name, tag, viewport } of READER_WIDTHS) {
  test.describe(`the newsroom's authors and corrections on a ${name}${tag}`, () => {
    test.use({ viewport });

    test('an editor creates an author, makes them a story’s byline, and the byline links to the new author page', async ({ page, request, consoleGuard }) => {
      // The refused profile link is answered 400, which the browser reports.
      consoleGuard.allow(/status of 400/);
      const suffix = `${name === 'phone' ? 'P' : 'D'}${Date.now()}`;
      const author = `Rowan Ashby ${suffix}`;
      const slug = `rowan-ashby-${suffix.toLowerCase()}`;
      const title = `Port of Melbourne trials driverless straddle carriers ${suffix}`;
      const id = await publishStory(request, title, 'analysis');
      await signIn(page);

      await page.getByRole('button', { name: 'New Author' }).click();
      const form = page.getByRole('form', { name: 'New Author' });
      await form.getByRole('textbox', { name: 'Name' }).fill(author);
      await form.getByRole('textbox', { name: 'Role' }).fill('Transport Reporter');
      await form.getByRole('textbox', { name: 'Bio' }).fill(`${author} covers ports, freight and the machines that move it. `.repeat(8).trim());
      await form.getByRole('combobox', { name: 'Categories covered' }).click();
      await page.getByRole('option', { name: 'Autonomous Vehicles' }).click();
      await page.keyboard.press('Escape');
      await form.getByRole('textbox', { name: 'LinkedIn URL' }).fill('javascript:alert(1)');
      await form.getByRole('textbox', { name: 'Fediverse handle' }).fill('@rowan@aus.social');
      await form.getByRole('button', { name: 'Create Author' }).click();
      await expect(form.getByText('LinkedIn URL must be an https:// address')).toBeVisible();

      await form.getByRole('textbox', { name: 'LinkedIn URL' }).fill('https://www.linkedin.com/in/rowan-ashby-example');
      await form.getByRole('button', { name: 'Create Author' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Author created: ${author}` })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Authors' }).getByRole('link', { name: author })).toHaveAttribute('href', `/authors/${slug}`);

      // The story is found by its kind, and its byline picked from the authors.
      await page.getByRole('combobox', { name: 'Filter by type' }).click();
      await page.getByRole('option', { name: 'Analysis' }).click();
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const byline = page.getByRole('combobox', { name: 'Author', exact: true });
      await expect(byline).toHaveText('Desk Staff (no author page)');
      await byline.click();
      await page.getByRole('option', { name: author, exact: true }).click();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText(`Published: ${title}`)).toBeVisible();

      await page.goto(`/articles/${id}`);
      const link = page.getByRole('main').locator('a[rel="author"]');
      await expect(link).toHaveText(author);
      await expect(link).toHaveAttribute('href', `/authors/${slug}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/authors/${slug}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(author);
      await expect(page.getByTestId('author-role')).toHaveText('Transport Reporter');
      await expect(page.getByRole('main').getByRole('link', { name: title })).toBeVisible();
    });

    test("an editor uploads an author's photo: a file that is not a picture is refused naming it, the author page shows the one taken", async ({ page, request, consoleGuard }) => {
      consoleGuard.allow(/status of 400/);
      const suffix = `${name === 'phone' ? 'P' : 'D'}${Date.now()}`;
      const author = `Imogen Pike ${suffix}`;
      const created = await request.post('/api/admin/authors', { headers: AS_OWNER, data: { name: author, role: 'Photographer', bio: `${author} photographs the people behind Australian tech.` } });
      expect(created.status()).toBe(201);
      const { slug } = (await created.json()) as { slug: string };
      await signIn(page);

      await page.getByRole('button', { name: `Edit author ${author}` }).click();
      const file = page.getByLabel('Photo file');
      await file.setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('GIF89a: not a portrait at all') });
      await page.getByRole('button', { name: 'Upload Photo' }).click();
      await expect(page.getByText('Photo must be a JPEG, PNG or WebP image (checked by its content, not its name)')).toBeVisible();

      const portrait = await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 30, g: 110, b: 160 } } }).jpeg().toBuffer();
      await file.setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: portrait });
      await page.getByRole('button', { name: 'Upload Photo' }).click();
      await expect(page.getByText('Photo uploaded: the author page shows it now.')).toBeVisible();
      await expect(page.getByRole('img', { name: `Current photo of ${author}` })).toHaveAttribute('src', /^\/media\/authors\/\d+-[0-9a-f]{16}\.webp$/);

      await page.goto(`/authors/${slug}`);
      const photo = page.getByRole('main').locator('img[src^="/media/authors/"]').first();
      await expect(photo).toBeVisible();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    });

    test('an editor adds a correction to a live story; it is on the story and on /corrections at once', async ({ page, request }) => {
      const suffix = `${name === 'phone' ? 'P' : 'D'}${Date.now()}`;
      const title = `Port of Melbourne extends the straddle carrier trial ${suffix}`;
      const text = `An earlier version said twenty machines were in the trial; there are twelve (${suffix}).`;
      const id = await publishStory(request, title, 'news');
      await signIn(page);

      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const form = page.getByRole('form', { name: 'Add a correction' });
      await expect(page.getByRole('heading', { name: 'Corrections and Clarifications' })).toBeVisible();
      await form.getByRole('textbox', { name: 'Correction text' }).fill(text);
      await form.getByRole('button', { name: 'Add Correction' }).click();
      const confirmation = page.getByRole('status').filter({ hasText: 'Correction added: readers see it above the story now.' });
      await expect(confirmation).toBeVisible();
      await expect(page.getByRole('list', { name: 'Earlier corrections' })).toContainText(text);

      await confirmation.getByRole('link', { name: 'View on site' }).click();
      await expect(page).toHaveURL(new RegExp(`/articles/${id}#correction-\\d+$`));
      const notes = page.getByTestId('article-corrections');
      await expect(notes).toContainText(/Correction, \d{1,2} [A-Z][a-z]+ \d{4}:/);
      await expect(notes).toContainText(text);

      await page.goto('/corrections');
      const listed = page.getByTestId('corrections-list').getByRole('listitem').filter({ hasText: text });
      await expect(listed).toHaveCount(1);
      await expect(listed.getByRole('link', { name: title })).toBeVisible();
    });
  });
}
