import type { APIRequestContext } from '@playwright/test';
import { apiArticles, type ApiArticle, expect, READER_WIDTHS, recordAnalytics, recordedSearches, test, waitForHydration } from './fixtures';

/** The longest word of an article's title: the kind of word a reader remembers and types. */
function titleWord(article: ApiArticle): string {
  const words = article.title.match(/\p{L}{6,}/gu) ?? [];
  return [...words].sort((a, b) => b.length - a.length || a.localeCompare(b))[0]!.toLowerCase();
}

interface ApiSearchHit extends ApiArticle {
  snippet: string;
}

async function apiSearch(request: APIRequestContext, q: string): Promise<ApiSearchHit[]> {
  const response = await request.get(`/api/search?q=${encodeURIComponent(q)}&limit=100`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiSearchHit[];
}

/** A word that more than `min` articles share (title, excerpt or body): a query with more than one page of results. */
async function broadWord(request: APIRequestContext, min: number): Promise<string> {
  const shared = new Map<string, number>();
  for (const article of await apiArticles(request)) {
    for (const word of new Set(`${article.title} ${article.excerpt} ${article.content}`.toLowerCase().match(/\p{L}{6,}/gu) ?? [])) {
      shared.set(word, (shared.get(word) ?? 0) + 1);
    }
  }
  const candidates = [...shared].filter(([, n]) => n > min).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  // Most shared first; a stop word finds nothing and is passed over.
  for (const [word] of candidates) if ((await apiSearch(request, word)).length > min) return word;
  throw new Error(`no word is shared by more than ${min} articles`);
}

/** A misspelling (two neighbouring letters swapped) of a title word the API offers a correction for. */
async function misspelling(request: APIRequestContext): Promise<{ typo: string; suggestion: string }> {
  for (const article of await apiArticles(request)) {
    const word = titleWord(article);
    for (const i of [word.length - 3, 1, 2]) {
      const typo = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
      const response = await request.post('/graphql', {
        data: { query: 'query($q: String!) { search(query: $q) { totalCount suggestion } }', variables: { q: typo } },
      });
      const { search } = (await response.json()).data as { search: { totalCount: number; suggestion: string | null } };
      if (search.totalCount === 0 && search.suggestion) return { typo, suggestion: search.suggestion };
    }
  }
  throw new Error('no misspelt title word got a suggestion');
}

/** Two neighbouring letters swapped near the end of a word: "computing" -> "computnig". */
const swapped = (word: string, i = word.length - 3) => word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);

async function searchAnswer(request: APIRequestContext, q: string): Promise<{ totalCount: number; suggestion: string | null }> {
  const response = await request.post('/graphql', {
    data: { query: 'query($q: String!) { search(query: $q) { totalCount suggestion } }', variables: { q } },
  });
  return ((await response.json()).data as { search: { totalCount: number; suggestion: string | null } }).search;
}

/** Two words of a title, each misspelt, that the API corrects together into a query that finds articles. */
async function twoWordMisspelling(request: APIRequestContext): Promise<{ typo: string; suggestion: string }> {
  for (const article of await apiArticles(request)) {
    const words = [...new Set((article.title.match(/\p{L}{6,}/gu) ?? []).map((w) => w.toLowerCase()))].slice(0, 2);
    if (words.length < 2) continue;
    const typo = words.map((w) => swapped(w)).join(' ');
    const { totalCount, suggestion } = await searchAnswer(request, typo);
    if (totalCount === 0 && suggestion && suggestion.split(' ').every((word, i) => word !== typo.split(' ')[i])) return { typo, suggestion };
  }
  throw new Error('no pair of misspelt title words got a two-word suggestion');
}

/**
 * A word the articles use in two forms (w and ws) and in no other form beginning with w, so both
 * are one stem; the search for ws lists, within one tier, articles that use ws and articles that
 * use only w.
 */
async function wordWithTwoForms(request: APIRequestContext): Promise<{ plural: string; singular: string; articles: ApiArticle[] }> {
  const articles = await apiArticles(request);
  const textOf = (a: ApiArticle) => `${a.title} ${a.excerpt} ${a.content}`.toLowerCase();
  const counts = new Map<string, number>();
  for (const article of articles) for (const word of new Set(textOf(article).match(/\p{L}{5,}/gu) ?? [])) counts.set(word, (counts.get(word) ?? 0) + 1);
  const candidates = [...counts].filter(([word]) => counts.has(`${word}s`)).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  for (const [singular] of candidates) {
    const plural = `${singular}s`;
    const forms = new Set(articles.flatMap((a) => textOf(a).match(new RegExp(`\\b${singular}\\p{L}*`, 'gu')) ?? []));
    if ([...forms].some((f) => f !== singular && f !== plural)) continue;
    const tiers = rankKeys(articles, singular, plural);
    const hits = await apiSearch(request, plural);
    const shown = hits.slice(0, 10).map((h) => tiers.get(h.id)!);
    if (shown.some((a, i) => shown.some((b, j) => i !== j && a.tier === b.tier && a.exact !== b.exact))) return { plural, singular, articles };
  }
  throw new Error('no word with two forms mixes them within a tier');
}

/** Each article's tier for a search of a word (its title, else its excerpt, else its text has a form) and whether it uses the exact form. */
function rankKeys(articles: ApiArticle[], singular: string, plural: string): Map<number, { tier: number; exact: boolean }> {
  const has = (text: string, form: string) => new RegExp(`\\b${form}\\b`, 'u').test(text.toLowerCase());
  return new Map(
    articles.map((a) => {
      const tier = has(a.title, singular) || has(a.title, plural) ? 2 : has(a.excerpt, singular) || has(a.excerpt, plural) ? 1 : 0;
      return [a.id, { tier, exact: has(`${a.title} ${a.excerpt} ${a.content}`, plural) }];
    }),
  );
}

for (const { name, tag, viewport } of READER_WIDTHS) {
  test.describe(`search on a ${name}${tag}`, () => {
    test.use({ viewport });

    test('two misspelt words get one "Did you mean" that corrects both and finds articles', async ({ page, request }) => {
      const { typo, suggestion } = await twoWordMisspelling(request);
      await page.goto(`/search?q=${encodeURIComponent(typo)}`);
      await expect(page.getByRole('heading', { name: `No articles match "${typo}"` })).toBeVisible();
      const offer = page.getByText(/^Did you mean/);
      await expect(offer).toHaveText(`Did you mean ${suggestion}?`);
      await offer.getByRole('link', { name: suggestion }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for "${suggestion}"`);
      await expect(page.getByTestId('search-result').first()).toBeVisible();
    });

    test('a word typed in one form lists the articles that use that form first within each tier', async ({ page, request }) => {
      const { plural, singular, articles } = await wordWithTwoForms(request);
      const keys = rankKeys(articles, singular, plural);
      const byTitle = new Map(articles.map((a) => [a.title, a.id]));
      await page.goto(`/search?q=${plural}`);
      const titles = await page.getByTestId('search-result').getByRole('heading', { level: 2 }).allTextContents();
      expect(titles.length).toBeGreaterThan(1);
      const shown = titles.map((t) => keys.get(byTitle.get(t)!)!);
      // Tiers never rise down the list; within a tier the exact form comes first.
      for (let i = 1; i < shown.length; i++) {
        const [before, after] = [shown[i - 1], shown[i]];
        expect(after.tier, titles[i]).toBeLessThanOrEqual(before.tier);
        if (after.tier === before.tier) expect(!after.exact || before.exact, `${titles[i]} (${plural})`).toBe(true);
      }
    });
  });
}

test.describe('search', () => {
  test('a word from an article, typed in the header box, finds that article near the top', async ({ page, request }) => {
    const [, article] = await apiArticles(request);
    const word = titleWord(article);
    await recordAnalytics(page);
    await page.goto('/');
    await waitForHydration(page);
    await page.getByPlaceholder('Search tech news...').fill(word);
    await page.getByPlaceholder('Search tech news...').press('Enter');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for "${word}"`);
    expect(await recordedSearches(page)).toEqual([word]);
    const api = await apiSearch(request, word);
    await expect(page.getByRole('status')).toHaveText(`${api.length} article(s) found`);
    const results = page.getByTestId('search-result');
    const titles = await results.getByRole('heading', { level: 2 }).allTextContents();
    expect(titles.slice(0, 3)).toContain(article.title);
    // The page and the API rank alike.
    expect(titles).toEqual(api.slice(0, 10).map((a) => a.title));

    const result = results.filter({ hasText: article.title });
    await expect(result.locator('mark').first()).toBeVisible();
    await expect(result.getByRole('link', { name: article.category })).toHaveAttribute('href', `/categories/${article.categorySlug}`);
    await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
    await result.getByRole('link', { name: article.title }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  });

  test('works without JavaScript: the form, the results, the category filter and the next page', async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const [article] = await apiArticles(request);
    await page.goto('/');
    await page.getByPlaceholder('Search tech news...').fill(titleWord(article));
    await page.getByPlaceholder('Search tech news...').press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for "${titleWord(article)}"`);
    await expect(page.getByTestId('search-result').first()).toBeVisible();

    // A broad query with more than one page.
    const broad = await broadWord(request, 10);
    const all = await apiSearch(request, broad);
    expect(all.length).toBeGreaterThan(10);
    await page.goto(`/search?q=${broad}`);
    const first = await page.getByTestId('search-result').getByRole('heading', { level: 2 }).allTextContents();
    await page.getByRole('link', { name: 'More results' }).click();
    const second = await page.getByTestId('search-result').getByRole('heading', { level: 2 }).allTextContents();
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((t) => first.includes(t))).toEqual([]);
    await expect(page.getByRole('link', { name: 'First results' })).toBeVisible();

    const filter = page.getByRole('navigation', { name: 'Filter by category' });
    await filter.getByRole('link', { name: article.category, exact: true }).click();
    await expect(page.getByRole('status')).toContainText(`in ${article.category}`);
    const badges = await page.getByTestId('search-result').getByRole('link', { name: article.category, exact: true }).count();
    expect(badges).toBe(await page.getByTestId('search-result').count());
    await context.close();
  });

  test('an empty result offers "Did you mean" and links to browse categories', async ({ page, request }) => {
    const { typo, suggestion } = await misspelling(request);
    await page.goto(`/search?q=${encodeURIComponent(typo)}`);
    await expect(page.getByRole('heading', { name: `No articles match "${typo}"` })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('0 article(s) found');
    await expect(page.getByRole('navigation', { name: 'Browse categories' }).getByRole('link')).not.toHaveCount(0);
    await page.getByRole('link', { name: suggestion }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search results for "${suggestion}"`);
    await expect(page.getByTestId('search-result').first()).toBeVisible();
  });

  test('a blank query shows the search page; a query the API refuses is named with 400', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 400 \(Bad Request\)/);
    const blank = await page.goto('/search?q=');
    expect(blank?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search the latest Australian tech news');

    const long = 'a'.repeat(201);
    const refused = await page.goto(`/search?q=${long}`);
    expect(refused?.status()).toBe(400);
    await expect(page.getByText('query must be at most 200 characters')).toBeVisible();

    const hostile = await page.goto(`/search?q=${encodeURIComponent('<script>alert(1)</script> "&|!:* \\')}`);
    expect(hostile?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for "<script>alert(1)</script> "&|!:* \\"');
  });
});
