import {
  apiCategoryArticles,
  expect,
  graphqlCategories,
  holdGraphql,
  operationName,
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

  test('an empty category shows No articles yet and a way to explore other categories', async ({ page, request }) => {
    const ai = (await graphqlCategories(request)).find((c) => c.slug === 'artificial-intelligence')!;
    await page.goto('/about');
    await waitForHydration(page);
    // Every seeded category has articles, so the answer for this one is replaced by an empty list.
    let intercepted = 0;
    await page.route('**/graphql', async (route) => {
      if (operationName(route) !== 'CategoryPage') return route.fallback();
      intercepted += 1;
      await route.fulfill({
        json: {
          data: {
            category: { ...ai, __typename: 'Category', articles: { totalCount: 0, nodes: [], __typename: 'ArticleConnection' } },
          },
        },
      });
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ai.name);
    expect(intercepted).toBe(1);
    await expect(page.getByText('0 article(s) in this category', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No articles yet' })).toBeVisible();
    await expect(page.getByText(`We're working on bringing you the latest ${ai.name} news.`, { exact: true })).toBeVisible();
    await expect(page.getByTestId('article-card')).toHaveCount(0);
    const explore = page.getByRole('link', { name: 'Explore Other Categories' });
    await expect(explore).toBeVisible();
    await explore.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Browse categories' })).toBeVisible();
  });

  test("reads 'Loading {name} articles...' while a category loads after a client-side navigation", async ({ page }) => {
    await page.goto('/about');
    await waitForHydration(page);
    const gate = await holdGraphql(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).click();
    await expect(page).toHaveURL(/\/categories\/artificial-intelligence$/);
    await expect(page.getByText('Loading Artificial Intelligence articles...', { exact: true })).toBeVisible();
    await expect.poll(gate.held).toBeGreaterThan(0);
    gate.release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Artificial Intelligence');
    await expect(page.getByText('Loading Artificial Intelligence articles...')).toHaveCount(0);
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
});
