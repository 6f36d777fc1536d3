import { apiArticles, expect, SPEC_CATEGORIES, test, waitForHydration } from './fixtures';

test.describe('controls that lead somewhere', () => {
  test('All Categories opens /categories: every category with its icon, description and article count', async ({ page, request }) => {
    const articles = await apiArticles(request);
    await page.goto('/');
    await page.getByRole('link', { name: 'All Categories' }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Categories');
    await expect(page).toHaveTitle(/^All Categories \| /);
    const cards = page.getByTestId('category-card');
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText(SPEC_CATEGORIES.map((c) => c.name));
    for (const category of SPEC_CATEGORIES.slice(0, 3)) {
      const card = cards.filter({ has: page.getByRole('link', { name: category.name, exact: true }) });
      await expect(card.locator('svg').first()).toBeVisible();
      const count = articles.filter((a) => a.categorySlug === category.slug).length;
      await expect(card).toContainText(`${count} article(s)`);
    }
    const sitemap = await (await request.get('/sitemaps/pages.xml')).text();
    expect(sitemap).toContain('/categories</loc>');
  });

  test('Filter keeps its choice in the URL and works without JavaScript', async ({ browser, request }) => {
    const articles = await apiArticles(request);
    const slug = articles[0].categorySlug;
    const expected = articles.filter((a) => a.categorySlug === slug).slice(0, 6).map((a) => a.title);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/?category=${slug}`);
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Latest Tech News', level: 2 }) });
    await expect(section.getByTestId('article-card').getByRole('heading', { level: 3 })).toHaveText(expected);
    await expect(section.getByRole('status')).toContainText(`Showing ${articles[0].category}`);
    const chips = section.getByRole('navigation', { name: 'Filter latest news by category' });
    await expect(chips.getByRole('link', { name: articles[0].category, exact: true })).toHaveAttribute('aria-current', 'true');
    await chips.getByRole('link', { name: 'All', exact: true }).click();
    await expect(page).toHaveURL(/\/#latest$/);
    await context.close();
  });

  test('a Filter chip chosen with the keyboard filters the grid and survives reload', async ({ page, request }) => {
    const articles = await apiArticles(request);
    const target = articles.find((a) => a.categorySlug !== articles[0].categorySlug)!;
    await page.goto('/');
    await waitForHydration(page);
    const filter = page.getByRole('button', { name: 'Filter' });
    await filter.focus();
    await page.keyboard.press('Enter');
    const chip = page.getByRole('navigation', { name: 'Filter latest news by category' }).getByRole('link', { name: target.category, exact: true });
    await chip.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?category=${target.categorySlug}#latest$`));
    await page.reload();
    const titles = await page.getByTestId('latest-grid').getByTestId('article-card').getByRole('heading', { level: 3 }).allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    const inCategory = new Set(articles.filter((a) => a.categorySlug === target.categorySlug).map((a) => a.title));
    for (const title of titles) expect(inCategory.has(title)).toBe(true);
  });

  test("the about page's coverage areas that are categories open their category page", async ({ page }) => {
    await page.goto('/about');
    const links = page.getByRole('region', { name: 'What We Cover' }).getByRole('link');
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
    }
  });
});

test.describe('navigation', () => {
  test('a new page opens at the top with focus on its heading; back restores the place; hash links work', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get In Touch');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);

    await page.goto('/about#about-coverage');
    await expect.poll(() => page.evaluate(() => document.getElementById('about-coverage')!.getBoundingClientRect().top)).toBeLessThan(200);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused();
  });
});

test.describe('layout', () => {
  test('desktop: the contact form card ends with its form, and the home sidebar runs the height of the news', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/contact');
    const contactForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) });
    const card = contactForm.locator('xpath=ancestor::*[contains(@class, "MuiCard-root")][1]');
    const form = (await contactForm.boundingBox())!;
    const box = (await card.boundingBox())!;
    expect(box.y + box.height - (form.y + form.height)).toBeLessThan(80);

    await page.goto('/');
    await expect(page.getByRole('region', { name: 'More Headlines' }).getByRole('link').first()).toBeVisible();
    // Scrolled to the promotion at the bottom of the news, the sidebar still shows something.
    await page.getByTestId('partner-promotion').scrollIntoViewIfNeeded();
    await expect(page.getByRole('region', { name: 'More Headlines' })).toBeInViewport();
  });
});
