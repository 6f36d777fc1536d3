import {
  apiCategoryArticles,
  decodeHtml,
  expect,
  graphqlCategories,
  serverHeading,
  SPEC_CATEGORIES,
  test,
  waitForHydration,
} from './fixtures';

test.describe('category page', () => {
  test('every category shows its icon, name, description, article count and one card per article', async ({ page, request }) => {
    test.slow(); // Visits all 11 categories.
    const categories = await graphqlCategories(request);
    expect(categories.map((c) => ({ name: c.name, slug: c.slug }))).toEqual(SPEC_CATEGORIES.map((c) => ({ ...c })));

    // Each category's icon must be the one the home category bar draws for it (both come from the category's icon name).
    await page.goto('/');
    const iconPaths = new Map<string, string>();
    for (const c of categories) {
      const svg = page.getByRole('navigation', { name: 'Browse categories' }).getByRole('link', { name: c.name, exact: true }).locator('svg');
      iconPaths.set(c.slug, (await svg.locator('path').first().getAttribute('d'))!);
    }
    expect(new Set(iconPaths.values()).size, 'distinct icon names give distinct icons').toBe(new Set(categories.map((c) => c.icon)).size);

    for (const c of categories) {
      const n = (await apiCategoryArticles(request, c.name)).length;
      const response = await page.goto(`/categories/${c.slug}`);
      expect(response?.status()).toBe(200);
      const header = page.getByRole('main').locator('header');
      await expect(header.getByRole('heading', { level: 1 })).toHaveText(c.name);
      await expect(header.getByText(c.description, { exact: true })).toBeVisible();
      await expect(header.getByText(`${n} article(s) in this category`, { exact: true })).toBeVisible();
      const icon = header.locator('svg').first();
      await expect(icon).toBeVisible();
      expect(await icon.locator('path').first().getAttribute('d'), `${c.name} shows its own icon`).toBe(iconPaths.get(c.slug));

      const cards = page.getByRole('main').getByTestId('article-card');
      await expect(cards).toHaveCount(n);
      for (const card of await cards.all()) await expect(card.getByRole('link', { name: c.name, exact: true })).toBeVisible();
    }
  });

  test('lists the same articles as the REST API, newest first', async ({ page, request }) => {
    const { name, slug } = SPEC_CATEGORIES[2];
    const articles = await apiCategoryArticles(request, name);
    await page.goto(`/categories/${slug}`);
    const titles = page.getByRole('main').getByTestId('article-card').getByRole('heading', { level: 2 });
    await expect(titles).toHaveText(articles.map((a) => a.title));
  });

  test('an unknown slug answers 404 with Category Not Found', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 404 .*\/categories\/nope\)$/);
    const response = await page.goto('/categories/nope');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Category Not Found');
    await expect(page.getByTestId('article-card')).toHaveCount(0);
  });

  // 'an empty category shows No articles yet and a way to explore other categories' replaced the page's GraphQL answer in the browser; pages now read their data on the server and every seeded category has articles, so web/src/features/category/category-page.test.tsx 'shows the empty state with a way back to the category bar' covers it.

  test("a category arrives complete in the server HTML, without 'Loading {name} articles...'", async ({ request }) => {
    // Was a held POST /graphql showing the loading text after a client-side navigation; pages now arrive rendered (loading text: category-page.test.tsx).
    const response = await request.get('/categories/artificial-intelligence');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(serverHeading(html)).toBe('Artificial Intelligence');
    const n = (await apiCategoryArticles(request, 'Artificial Intelligence')).length;
    expect(decodeHtml(html)).toContain(`${n} article(s) in this category`);
    expect(decodeHtml(html)).not.toContain('Loading Artificial Intelligence articles...');
  });

  test('a category chip on a card leads to that category', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const card = page.getByTestId('featured-article');
    const chip = card.getByRole('link').filter({ hasNotText: /^Featured$/ }).first();
    const name = (await chip.textContent())!.trim();
    await chip.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    expect(new URL(page.url()).pathname).toBe(`/categories/${SPEC_CATEGORIES.find((c) => c.name === name)!.slug}`);
  });

  test('the cards after the first row wait to be rendered until the reader nears them', async ({ page }) => {
    // content-visibility: auto on their grid cells (web/src/theme/below-the-fold.ts); the first row,
    // whose images load first, renders at once.
    await page.goto('/categories/cybersecurity');
    const cells = page.getByTestId('article-card').locator('xpath=..');
    const count = await cells.count();
    expect(count).toBeGreaterThan(3);
    const visibility = await cells.evaluateAll((els) => els.map((el) => getComputedStyle(el).contentVisibility));
    expect(visibility).toEqual(Array.from({ length: count }, (_, i) => (i < 3 ? 'visible' : 'auto')));
  });
});
