import { E2E_ADMIN_TOKEN } from './e2e-settings';
import { apiArticles, expect, test } from './fixtures';

/** An editor's correction, added through the API, is on the article, on /corrections and in its feed at the next request. */
test.describe('corrections', () => {
  test('a correction added through the API is shown above the body, listed and in the feed', async ({ page, request }) => {
    const [article] = await apiArticles(request);
    const text = `An earlier version of this story misnamed the company (${Date.now()}).`;
    const added = await request.post(`/api/admin/articles/${article.id}/corrections`, {
      headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      data: { kind: 'correction', text },
    });
    expect(added.status()).toBe(201);

    await page.goto(`/articles/${article.id}`);
    const notes = page.getByTestId('article-corrections');
    await expect(notes).toContainText(/Correction, \d{1,2} [A-Z][a-z]+ \d{4}:/);
    await expect(notes).toContainText(text);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(jsonLd.correction).toEqual(expect.arrayContaining([expect.objectContaining({ '@type': 'CorrectionComment', text })]));

    await page.goto('/corrections');
    // Other writers add corrections at the same time: this one is found by its text.
    const listed = page.getByTestId('corrections-list').getByRole('listitem').filter({ hasText: text });
    await expect(listed).toHaveCount(1);
    await listed.getByRole('link', { name: article.title }).click();
    await expect(page).toHaveURL(new RegExp(`/articles/${article.id}#correction-\\d+$`));

    const feed = await request.get('/corrections/rss.xml');
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain(text);
  });

  test('HTML in a correction is refused with a 400 naming text', async ({ request }) => {
    const [article] = await apiArticles(request);
    const refused = await request.post(`/api/admin/articles/${article.id}/corrections`, {
      headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      data: { text: '<script>alert(1)</script>' },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toEqual([expect.objectContaining({ field: 'text' })]);
  });
});

/** Labels a reader can trust: a sponsored article says so and whose it is, to readers and machines. */
test.describe('labels', () => {
  test('a sponsored article shows its badge, partner and disclosure, marks its links and is typed AdvertiserContentArticle', async ({ page, request }) => {
    const created = await request.post('/api/admin/articles', {
      headers: { Authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      data: {
        title: `Partner story on hosting backups ${Date.now()}`,
        excerpt: 'A partner explains how it keeps backups.',
        content: 'Backups are kept in three places. Restores are tested every month.',
        category: 'cloud-computing',
        author: 'Partner Desk',
        sourceUrl: 'https://example.com/partner',
        kind: 'sponsored',
        sponsorName: 'SummitStack Hosting',
      },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    await page.goto(`/articles/${id}`);
    const story = page.locator('article').first();
    await expect(story.getByText('Sponsored', { exact: true })).toBeVisible();
    await expect(page.getByTestId('sponsored-disclosure')).toContainText('paid for by SummitStack Hosting');
    await expect(story.getByRole('link', { name: 'Do you want to know more? →' })).toHaveAttribute('rel', 'sponsored noopener noreferrer');
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(jsonLd['@type']).toBe('AdvertiserContentArticle');
    const news = await request.get('/sitemaps/news.xml');
    expect(await news.text()).not.toContain(`/articles/${id}<`);
  });
});
