import {
  apiArticles,
  apiBreakingNews,
  decodeHtml,
  expect,
  featuredOf,
  graphqlPartners,
  NAV_LINKS,
  READER_WIDTHS,
  recordAnalytics,
  recordedSearches,
  serverHeading,
  SPEC_CATEGORIES,
  test,
  waitForHydration,
} from './fixtures';

test.describe('home page', () => {
  test('the ticker reads BREAKING followed by the breaking-news titles joined with a bullet, above the header', async ({ page, request }) => {
    const items = await apiBreakingNews(request);
    expect(items.length).toBeGreaterThan(0);
    await page.goto('/');
    const ticker = page.getByRole('region', { name: 'Breaking news' });
    await expect(ticker).toBeVisible();
    expect((await ticker.textContent())?.trimStart().startsWith('BREAKING')).toBe(true);
    await expect(ticker.locator('p:not([aria-hidden="true"])')).toHaveText(items.map((i) => i.title).join(' • '));

    const tickerBox = await ticker.boundingBox();
    const headerBox = await page.getByRole('banner').boundingBox();
    expect(tickerBox!.y + tickerBox!.height).toBeLessThanOrEqual(headerBox!.y + 1);
  });

  test('the header has the four navigation links and a search box that records the query and opens its results', async ({ page }) => {
    await recordAnalytics(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = nav.getByRole('link');
    await expect(links).toHaveText(NAV_LINKS.map((l) => l.label));
    for (const [i, link] of NAV_LINKS.entries()) await expect(links.nth(i)).toHaveAttribute('href', link.href);

    await waitForHydration(page);
    const search = page.getByPlaceholder('Search tech news...');
    await expect(search).toBeVisible();
    await search.fill('quantum sensors');
    await search.press('Enter');
    // The search box leads to a results page: the query is
    // still recorded, then the results page opens.
    await expect(page).toHaveURL(/\/search\?q=quantum\+sensors$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for "quantum sensors"');
    expect(await recordedSearches(page)).toEqual(['quantum sensors']);
    await expect(page.getByPlaceholder('Search tech news...').first()).toHaveValue('quantum sensors');
  });

  test('shows, in order, the category bar, the featured article, the latest news, the promotion and the domain pitch', async ({ page }) => {
    await page.goto('/');
    const blocks = [
      page.getByRole('banner'),
      page.getByRole('navigation', { name: 'Browse categories' }),
      page.getByTestId('featured-article'),
      page.getByRole('heading', { name: 'Latest Tech News' }),
      page.getByTestId('partner-promotion'),
      page.getByRole('heading', { name: /^Why .+\?$/ }),
    ];
    const ys: number[] = [];
    for (const block of blocks) {
      await expect(block).toBeVisible();
      ys.push((await block.boundingBox())!.y);
    }
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
  });

  test('the category bar links every browsing category', async ({ page }) => {
    await page.goto('/');
    const links = page.getByRole('navigation', { name: 'Browse categories' }).getByRole('link');
    await expect(links).toHaveText(SPEC_CATEGORIES.map((c) => c.name));
    for (const [i, c] of SPEC_CATEGORIES.entries()) await expect(links.nth(i)).toHaveAttribute('href', `/categories/${c.slug}`);
  });

  test('the category bar shows an arrow only for a side with hidden content and scrolls 300 px a click', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/');
    await waitForHydration(page);
    const scroller = page.getByTestId('category-scroller');
    const left = page.getByRole('button', { name: 'Scroll categories left' });
    const right = page.getByRole('button', { name: 'Scroll categories right' });
    const scrollLeft = () => scroller.evaluate((el) => Math.round(el.scrollLeft));
    const metrics = () => scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));

    const { scrollWidth, clientWidth } = await metrics();
    expect(scrollWidth, 'the categories overflow an 800 px wide page').toBeGreaterThan(clientWidth + 300);
    await expect(right).toBeVisible();
    await expect(left).toHaveCount(0);
    expect(await scrollLeft()).toBe(0);

    await right.click();
    await expect.poll(scrollLeft).toBe(300);
    await expect(left).toBeVisible();
    await expect(right).toBeVisible();

    // At the far right end the right arrow goes away.
    const max = scrollWidth - clientWidth;
    let expected = 300;
    while (expected < max) {
      await right.click();
      expected = Math.min(max, expected + 300);
      await expect.poll(scrollLeft).toBe(expected);
    }
    await expect(right).toHaveCount(0);
    await expect(left).toBeVisible();

    await left.click();
    await expect.poll(scrollLeft).toBe(max - 300);
    await expect(right).toBeVisible();
  });

  test('the featured article is the first breaking article', async ({ page, request }) => {
    const articles = await apiArticles(request);
    const featured = featuredOf(articles);
    expect(featured.isBreaking).toBe(true);
    await page.goto('/');
    const card = page.getByTestId('featured-article');
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(featured.title);
    await expect(card.getByRole('link', { name: featured.title })).toHaveAttribute('href', `/articles/${featured.id}`);
    await expect(card.getByText(featured.excerpt)).toBeVisible();
    await expect(card.getByRole('link', { name: featured.category, exact: true })).toHaveAttribute('href', `/categories/${featured.categorySlug}`);
  });

  test('up to 6 latest articles follow under Latest Tech News, with All Categories and Filter', async ({ page, request }) => {
    const articles = await apiArticles(request);
    const featured = featuredOf(articles);
    const latest = articles.filter((a) => a.id !== featured.id).slice(0, 6);
    await page.goto('/');
    await waitForHydration(page);

    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Latest Tech News', level: 2 }) });
    const cards = section.getByTestId('article-card');
    await expect(cards).toHaveCount(latest.length);
    expect(latest.length).toBeLessThanOrEqual(6);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(latest.map((a) => a.title));
    // The ad slot positions after every 4th card render nothing: the grid holds only the cards.
    await expect(page.getByTestId('latest-grid').locator(':scope > *')).toHaveCount(latest.length);

    // Every control does something (decision 018).
    await expect(section.getByRole('link', { name: 'All Categories' })).toHaveAttribute('href', '/categories');
    const filter = section.getByRole('button', { name: 'Filter' });
    await expect(filter).toHaveAttribute('aria-expanded', 'false');
    await filter.click();
    await expect(filter).toHaveAttribute('aria-expanded', 'true');
    await expect(section.getByRole('navigation', { name: 'Filter latest news by category' })).toBeVisible();
  });

  test('shows the VPN partner promotion and the domain pitch for this host linking to the contact page', async ({ page, request, baseURL }) => {
    const promotion = (await graphqlPartners(request)).find((p) => p.placement === 'PROMOTION')!;
    expect(promotion.name).toMatch(/VPN/);
    await page.goto('/');
    const block = page.getByTestId('partner-promotion');
    await expect(block.getByRole('heading', { name: promotion.name })).toBeVisible();
    const cta = block.getByRole('link', { name: new RegExp(promotion.cta) });
    await expect(cta).toHaveAttribute('href', promotion.affiliateUrl);
    await expect(cta).toHaveAttribute('target', '_blank');

    // The pitch names the domain for sale (SALE_DOMAIN), not the address the site runs on:
    // on a loopback SITE_URL that is the brand's domain. Its CTA preselects 'Domain Purchase'.
    expect(new URL(baseURL!).hostname).toBe('127.0.0.1');
    const pitch = page.locator('section', { has: page.getByRole('heading', { name: 'Why austechnews.com.au?' }) });
    await expect(pitch).toBeVisible();
    await waitForHydration(page);
    const link = pitch.getByRole('link', { name: 'Request Domain Details' });
    await expect(link).toHaveAttribute('href', '/contact?inquiry=domain');
    await link.click();
    await expect(page).toHaveURL(/\/contact\?inquiry=domain$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Get In Touch' })).toBeVisible();
  });

  test('the sidebar holds exactly one partner card, chosen at random from the sidebar partners', async ({ page, request }) => {
    const sidebarNames = (await graphqlPartners(request)).filter((p) => p.placement === 'SIDEBAR').map((p) => p.name);
    expect(sidebarNames.length).toBe(2);
    const shown: string[] = [];
    for (const value of [0, 0.999]) {
      // Pin the page's randomness so both outcomes of the random pick are observed.
      await page.addInitScript((v) => {
        Math.random = () => v;
      }, value);
      await page.goto('/');
      await waitForHydration(page);
      const cards = page.getByTestId('partner-card');
      await expect(cards).toHaveCount(1);
      const name = (await cards.getByRole('heading', { level: 3 }).textContent())!.trim();
      expect(sidebarNames).toContain(name);
      shown.push(name);
    }
    expect(new Set(shown).size, 'a different random number picks a different partner').toBe(2);
    const premium = (await graphqlPartners(request)).find((p) => p.badge === 'Premium')!;
    expect(sidebarNames).toContain(premium.name);
  });

  test('sends HEAD warm-up requests to /api/articles and /api/breaking-news about 100 ms after loading', async ({ page }) => {
    const isWarmUp = (path: string) => (r: import('@playwright/test').Request) => r.method() === 'HEAD' && new URL(r.url()).pathname === path;
    const articles = page.waitForRequest(isWarmUp('/api/articles'));
    const breaking = page.waitForRequest(isWarmUp('/api/breaking-news'));
    await page.goto('/');
    const [a, b] = await Promise.all([articles, breaking]);
    expect((await a.response())?.status()).toBe(200);
    expect((await b.response())?.status()).toBe(200);
    const delays = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return performance
        .getEntriesByType('resource')
        .filter((e) => /\/api\/(articles|breaking-news)$/.test(new URL(e.name).pathname))
        .map((e) => e.startTime - nav.domInteractive);
    });
    expect(delays).toHaveLength(2);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(95);
  });

  test('warm-up failures are ignored', async ({ page, consoleGuard }) => {
    // The browser itself logs the aborted requests; the page must not throw.
    consoleGuard.allow(/Failed to load resource.*\/api\/(articles|breaking-news)/);
    let aborted = 0;
    await page.route(/\/api\/(articles|breaking-news)$/, (route) => {
      aborted += 1;
      return route.abort();
    });
    await page.goto('/');
    await expect.poll(() => aborted).toBe(2);
    await expect(page.getByTestId('featured-article')).toBeVisible();
    expect(consoleGuard.records.filter((r) => r.startsWith('pageerror'))).toEqual([]);
  });

  test('the footer links the first five categories, About and Contact', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const categoryLinks = footer.getByRole('navigation', { name: 'Footer categories' }).getByRole('link');
    const firstFive = SPEC_CATEGORIES.slice(0, 5);
    await expect(categoryLinks).toHaveText(firstFive.map((c) => c.name));
    for (const [i, c] of firstFive.entries()) await expect(categoryLinks.nth(i)).toHaveAttribute('href', `/categories/${c.slug}`);
    await expect(footer.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('href', '/about');
    await expect(footer.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('href', '/contact');
  });

  test("the home page arrives complete in the server HTML, without 'Loading latest tech news...'", async ({ request }) => {
    // Was a held POST /graphql showing the loading text after a client-side navigation; pages now arrive rendered (loading text: home-page.test.tsx).
    const articles = await apiArticles(request);
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(serverHeading(html)).toMatch(/Australian technology news/);
    const text = decodeHtml(html);
    expect(text).toContain('Latest Tech News');
    expect(text).toContain(featuredOf(articles).title);
    expect(text).not.toContain('Loading latest tech news...');
  });

  test('on a phone the blocks below the featured story wait to be rendered until the reader nears them', async ({ page }) => {
    // content-visibility: auto (web/src/theme/below-the-fold.ts): at load the browser lays out and
    // animates only what a phone shows first; the rest renders as it nears the viewport.
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto('/');
    const rendered = (locator: import('@playwright/test').Locator) =>
      locator.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
    await expect.poll(() => rendered(page.getByTestId('featured-article'))).toBe(true);
    const lastCard = page.getByTestId('latest-grid').getByTestId('article-card').last();
    // What a block holds is skipped, not the block itself: these are inside the blocks.
    const skipped = [
      lastCard,
      page.getByTestId('partner-promotion').locator(':scope > *').first(),
      page.getByRole('heading', { name: 'More Headlines' }),
      page.locator('footer').getByRole('link').first(),
    ];
    for (const block of skipped) await expect.poll(() => rendered(block)).toBe(false);
    for (const block of skipped) {
      await block.scrollIntoViewIfNeeded();
      await expect.poll(() => rendered(block)).toBe(true);
    }
  });
});

for (const { name, tag, viewport } of READER_WIDTHS) {
  test.describe(`Trending Topics on a ${name}${tag}`, () => {
    test.use({ viewport });

    test('each trending topic is a topic of the newest stories and leads to stories of it', async ({ page }) => {
      await page.goto('/');
      const section = page.locator('section', { has: page.getByRole('heading', { name: 'Trending Topics' }) });
      await expect(section).toBeVisible();
      const topics = section.getByRole('listitem');
      expect(await topics.count()).toBeGreaterThan(0);
      const names = (await topics.allTextContents()).map((t) => t.trim());
      for (const label of names) expect(label.length).toBeGreaterThan(0);
      await expect(section.getByRole('link')).toHaveText(names);
      // None leads to an empty result.
      for (const href of await section.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))) {
        const topic = await page.request.get(href);
        expect(topic.status()).toBe(200);
        expect((await topic.text()).match(/data-testid="article-card"/g)?.length ?? 0, href).toBeGreaterThan(0);
      }
      await section.getByRole('link', { name: names[0] }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(names[0]);
    });
  });
}
