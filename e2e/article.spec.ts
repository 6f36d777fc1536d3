import { apiArticles, decodeHtml, enAuLongDate, expect, expectedParagraphs, serverHeading, test, waitForHydration, type ApiArticle } from './fixtures';

async function pick(request: Parameters<typeof apiArticles>[0], predicate: (a: ApiArticle) => boolean): Promise<ApiArticle> {
  const article = (await apiArticles(request)).find(predicate);
  expect(article, 'the seed data has such an article').toBeTruthy();
  return article!;
}

test.describe('article page', () => {
  test('shows a breaking article: back link, badges, title, author, date, image, excerpt, sentences and source link', async ({ page, request }) => {
    const article = await pick(request, (a) => a.isBreaking && Boolean(a.sourceUrl));
    const response = await page.goto(`/articles/${article.id}`);
    expect(response?.status()).toBe(200);
    const main = page.getByRole('main');
    const story = main.locator('article', { has: page.getByRole('heading', { level: 1 }) });

    await expect(main.getByRole('link', { name: 'Back to Articles' })).toHaveAttribute('href', '/');
    await expect(story.getByRole('link', { name: article.category, exact: true })).toHaveAttribute('href', `/categories/${article.categorySlug}`);
    await expect(main.getByText('Breaking News', { exact: true })).toBeVisible();
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(article.title);
    await expect(main.getByText(`By ${article.author}`)).toBeVisible();

    const date = main.locator('article time');
    await expect(date).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(date).toHaveText(enAuLongDate(article.publishedAt));

    const image = main.getByRole('img', { name: article.title });
    await expect(image).toBeVisible();
    expect(await image.getAttribute('src')).toContain(article.imageUrl);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(main.getByText(article.excerpt, { exact: true })).toBeVisible();

    const paragraphs = page.getByTestId('article-content').locator('p');
    const expected = expectedParagraphs(article.content);
    expect(expected.length).toBeGreaterThan(1);
    await expect(paragraphs).toHaveText(expected);
    for (const text of await paragraphs.allTextContents()) expect(text.length).toBeGreaterThan(10);

    const source = main.getByRole('link', { name: 'Do you want to know more? →' });
    await expect(source).toHaveAttribute('href', article.sourceUrl!);
    await expect(source).toHaveAttribute('target', '_blank');
    expect(await source.getAttribute('rel')).toMatch(/\bnoopener\b/);
  });

  test('drops sentence fragments of 10 characters or fewer', async ({ page, request }) => {
    // Prefer an article whose content really contains a short fragment, so the rule is exercised.
    const articles = await apiArticles(request);
    const withShort = articles.find((a) => a.content.split(/(?<=[.!?]['"’”]?)\s+/).some((s) => s.trim().length > 0 && s.trim().length <= 10));
    const article = withShort ?? articles[0];
    await page.goto(`/articles/${article.id}`);
    const texts = await page.getByTestId('article-content').locator('p').allTextContents();
    expect(texts).toEqual(expectedParagraphs(article.content));
    for (const text of texts) expect(text.length).toBeGreaterThan(10);
  });

  test('a non-breaking article without a source has neither the Breaking News badge nor the source link', async ({ page, request }) => {
    const article = await pick(request, (a) => !a.isBreaking && !a.sourceUrl);
    await page.goto(`/articles/${article.id}`);
    const main = page.getByRole('main');
    const story = main.locator('article', { has: page.getByRole('heading', { level: 1 }) });
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(article.title);
    await expect(story.getByRole('link', { name: article.category, exact: true })).toBeVisible();
    await expect(main.getByText('Breaking News', { exact: true })).toHaveCount(0);
    await expect(main.getByText('Do you want to know more?')).toHaveCount(0);
  });

  test('the sidebar holds up to 3 related articles of the same category, not the article itself, and an ad placeholder', async ({ page, request }) => {
    const articles = await apiArticles(request);
    const article = articles[0];
    const sameCategory = articles.filter((a) => a.category === article.category && a.id !== article.id);
    await page.goto(`/articles/${article.id}`);
    const aside = page.getByRole('complementary', { name: 'Related Articles' });
    const cards = aside.getByTestId('article-card');
    await expect(cards).toHaveCount(Math.min(3, sameCategory.length));
    const titles = await cards.getByRole('heading').allTextContents();
    for (const title of titles) expect(sameCategory.map((a) => a.title)).toContain(title);
    for (const card of await cards.all()) {
      await expect(card.getByRole('link', { name: article.category, exact: true })).toBeVisible();
      const href = await card.getByRole('link', { name: /./ }).last().getAttribute('href');
      expect(href).not.toBe(`/articles/${article.id}`);
    }
    await expect(page.getByTestId('ad-placeholder')).toBeVisible();
  });

  test('Share opens a menu of share links; Copy link copies the address and says so', async ({ page, request, context, baseURL }) => {
    const [article] = await apiArticles(request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto(`/articles/${article.id}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Share' }).click();
    const menu = page.getByTestId('share-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText(['Email', 'LinkedIn', 'X', 'Facebook']);
    await expect(menu.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', new RegExp(`^https://www\\.linkedin\\.com/sharing/share-offsite/\\?url=.*${encodeURIComponent(`/articles/${article.id}`)}$`));
    await menu.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/articles/${article.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  });

  test("Share opens the browser's share sheet where it has one", async ({ page, request }) => {
    const [article] = await apiArticles(request);
    await page.addInitScript(() => {
      (navigator as { share?: unknown }).share = (data: unknown) => {
        (window as { sharedWith?: unknown }).sharedWith = data;
        return Promise.resolve();
      };
    });
    await page.goto(`/articles/${article.id}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => page.evaluate(() => (window as { sharedWith?: { title: string; url: string } }).sharedWith)).toEqual({
      title: article.title,
      url: expect.stringMatching(new RegExp(`/articles/${article.id}$`)),
    });
    await expect(page.getByTestId('share-menu')).toBeHidden();
  });

  test('shows the reading time at 230 words a minute', async ({ page, request }) => {
    const [article] = await apiArticles(request);
    await page.goto(`/articles/${article.id}`);
    const words = article.content.split(/\s+/).filter(Boolean).length;
    await expect(page.getByTestId('reading-time').first()).toHaveText(`${Math.max(1, Math.ceil(words / 230))} min read`);
  });

  test('Back to Articles returns to the home page', async ({ page, request }) => {
    const [article] = await apiArticles(request);
    await page.goto(`/articles/${article.id}`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Back to Articles' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Latest Tech News' })).toBeVisible();
  });

  test('a missing article answers 404 with Article Not Found and a Back to Home link', async ({ page, consoleGuard }) => {
    // Chromium logs the document's own 404 status.
    consoleGuard.allow(/status of 404 .*\/articles\/999999\)$/);
    const response = await page.goto('/articles/999999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article Not Found');
    await expect(page.getByText("The article you're looking for could not be found.")).toBeVisible();
    const back = page.getByRole('link', { name: 'Back to Home' });
    await expect(back).toHaveAttribute('href', '/');
    await waitForHydration(page);
    await back.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('featured-article')).toBeVisible();
  });

  test("an article arrives complete in the server HTML, without 'Loading article...'", async ({ request }) => {
    // Was a held POST /graphql showing the loading text after a client-side navigation; pages now arrive rendered (loading text: article-page.test.tsx).
    const [article] = await apiArticles(request);
    const response = await request.get(`/articles/${article.id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(serverHeading(html)).toBe(article.title);
    const text = decodeHtml(html);
    for (const paragraph of expectedParagraphs(article.content)) expect(text).toContain(paragraph);
    expect(text).not.toContain('Loading article...');
  });
});
