import { test as base, expect, type APIRequestContext, type Page, type Route } from '@playwright/test';

/** React's hydration problems, in development and production wording. */
const HYDRATION_PATTERN = /hydrat|did not match|Minified React error/i;

export interface ConsoleGuard {
  /** Accepts browser problems matching this pattern (message text plus the resource URL), e.g. a request aborted on purpose. */
  allow(pattern: RegExp): void;
  /** Everything recorded so far, allowed or not. */
  readonly records: readonly string[];
  /** The records that would fail the test. */
  unexpected(): string[];
}

export interface ApiArticle {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  categorySlug: string;
  author: string;
  publishedAt: string;
  updatedAt: string;
  imageUrl: string;
  sourceUrl?: string;
  isBreaking: boolean;
}

export interface ApiBreakingItem {
  id: number;
  title: string;
}

/** The 11 browsing categories, in order (docs/product.md). */
export const SPEC_CATEGORIES = [
  { name: 'Artificial Intelligence', slug: 'artificial-intelligence' },
  { name: 'Quantum Computing', slug: 'quantum-computing' },
  { name: 'Cybersecurity', slug: 'cybersecurity' },
  { name: 'Space Economy', slug: 'space-economy' },
  { name: 'AR/VR & Metaverse', slug: 'ar-vr-metaverse' },
  { name: 'Blockchain / Crypto', slug: 'blockchain-crypto' },
  { name: 'Autonomous Vehicles', slug: 'autonomous-vehicles' },
  { name: 'IoT & Connected Devices', slug: 'iot-connected-devices' },
  { name: 'Brain-Computer Interfaces (BCIs)', slug: 'brain-computer-interfaces-bcis' },
  { name: 'Cloud Computing', slug: 'cloud-computing' },
  { name: 'EdTech', slug: 'edtech' },
] as const;

export const NAV_LINKS = [
  { label: 'Home', href: '/' },
  { label: 'Categories', href: '/categories/artificial-intelligence' },
  { label: 'About', href: '/about' },
  { label: 'Contact', href: '/contact' },
] as const;

/**
 * The widths a reader's journey is checked at: a phone (tagged @phone, so the phone project runs it)
 * and a desktop. Use one per describe: `test.use({ viewport })`, with `tag` (its leading space
 * included) ending the describe's title.
 */
export const READER_WIDTHS = [
  { name: 'phone', tag: ' @phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', tag: '', viewport: { width: 1366, height: 900 } },
] as const;

export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  // Service workers stay off unless a test opts in: once one controls the page it fetches media
  // itself, out of reach of page.route. The service worker test turns them back on.
  serviceWorkers: 'block',

  consoleGuard: [
    async ({ context }, use, testInfo) => {
      const records: string[] = [];
      const failing: string[] = [];
      const allowed: RegExp[] = [];
      context.on('console', (msg) => {
        const type = msg.type();
        const text = msg.text();
        const url = msg.location().url;
        const record = `console.${type}: ${text}${url ? ` (${url})` : ''}`;
        if (type === 'error' || type === 'warning') records.push(record);
        if (type === 'error' || (type === 'warning' && HYDRATION_PATTERN.test(text))) failing.push(record);
      });
      context.on('weberror', (webError) => {
        const error = webError.error();
        const record = `pageerror: ${error.name}: ${error.message}`;
        records.push(record);
        failing.push(record);
      });
      const unexpected = () => failing.filter((r) => !allowed.some((p) => p.test(r)));
      await use({ allow: (pattern) => void allowed.push(pattern), records, unexpected });
      if (records.length > 0) await testInfo.attach('browser-console', { body: records.join('\n'), contentType: 'text/plain' });
      expect(unexpected(), 'console errors, page errors or hydration warnings in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function apiArticles(request: APIRequestContext): Promise<ApiArticle[]> {
  const response = await request.get('/api/articles');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiArticle[];
}

export async function apiBreakingNews(request: APIRequestContext): Promise<ApiBreakingItem[]> {
  const response = await request.get('/api/breaking-news');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiBreakingItem[];
}

export async function apiCategoryArticles(request: APIRequestContext, name: string): Promise<ApiArticle[]> {
  const response = await request.get(`/api/categories/${encodeURIComponent(name)}/articles`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ApiArticle[];
}

export interface GraphqlCategory {
  id: string;
  name: string;
  slug: string;
  description: string;
  icon: string;
}

export interface GraphqlPartner {
  name: string;
  badge: string | null;
  placement: string;
  cta: string;
  affiliateUrl: string;
}

/** Reads data the REST API does not expose (category descriptions, partners) from the public GraphQL endpoint. */
export async function graphqlQuery<T>(request: APIRequestContext, query: string): Promise<T> {
  const response = await request.post('/graphql', { data: { query } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

export async function graphqlCategories(request: APIRequestContext): Promise<GraphqlCategory[]> {
  return (await graphqlQuery<{ categories: GraphqlCategory[] }>(request, '{ categories { id name slug description icon } }')).categories;
}

export async function graphqlPartners(request: APIRequestContext): Promise<GraphqlPartner[]> {
  return (await graphqlQuery<{ partners: GraphqlPartner[] }>(request, '{ partners { name badge placement cta affiliateUrl } }')).partners;
}

/** Spec: an article's content shows one paragraph per sentence; fragments of 10 characters or fewer are dropped. */
export function expectedParagraphs(content: string): string[] {
  return content
    .split(/(?<=[.!?]['"’”]?)\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 10);
}

/** The publish date as readers see it: en-AU long format (Sydney time). */
export function enAuLongDate(iso: string): string {
  return new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' }).format(new Date(iso));
}

/** Age labels: 'Just now' under an hour, '{n} hours ago' under a day, else '{n} days ago'. */
export function expectedAgeLabel(iso: string, now: number): string {
  const hours = Math.floor(Math.max(0, now - new Date(iso).getTime()) / 3_600_000);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours} hours ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** Spec: the featured article is the first breaking one, else the first. */
export function featuredOf<T extends { isBreaking: boolean }>(articles: readonly T[]): T {
  return articles.find((a) => a.isBreaking) ?? articles[0];
}

/**
 * Resolves once the page's islands have hydrated: the client script sets `<html data-islands="ready">`
 * when every island that loads by itself (load, idle) is running.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.islands), {
      message: 'React hydrated the page',
    })
    .toBe('ready');
}

/**
 * Resolves once the island `name` runs: wakes it first when it waits for the reader (`interaction`: the
 * pointer moves over it; `visible`: it is scrolled into view). A React island (`react: true`) counts once
 * React has hydrated its markup (React tags hydrated DOM nodes with its fiber keys).
 */
export async function waitForIsland(page: Page, name: string, { react = false }: { react?: boolean } = {}): Promise<void> {
  const islands = await page.locator(`[data-island="${name}"]`).all();
  expect(islands.length, `the page holds a ${name} island`).toBeGreaterThan(0);
  for (const island of islands) {
    const first = island.locator(':scope > *').first();
    const when = await island.getAttribute('data-when');
    if (when === 'interaction') await first.hover();
    if (when === 'visible') await first.scrollIntoViewIfNeeded();
    await expect(island, `the ${name} island hydrated`).toHaveAttribute('data-hydrated', 'true');
    if (react) {
      await expect
        .poll(() => first.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))), { message: `React hydrated the ${name} island` })
        .toBe(true);
    }
  }
}

export function operationName(route: Route): string | undefined {
  const request = route.request();
  if (request.method() !== 'POST') return undefined;
  try {
    return (request.postDataJSON() as { operationName?: string } | null)?.operationName ?? undefined;
  } catch {
    return undefined;
  }
}

/** Escaped HTML text back to plain text, for reading the server's markup. */
export function decodeHtml(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}

/** Text of the first h1 in the server's HTML. */
export function serverHeading(html: string): string | undefined {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  return match ? decodeHtml(match[1]).trim() : undefined;
}

/**
 * Keeps the site's analytics events (the `window.siteAnalytics` hook) in sessionStorage, so a test
 * can read what a page recorded after the reader has navigated away from it.
 */
export async function recordAnalytics(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as { siteAnalytics?: (event: unknown) => void }).siteAnalytics = (event) => {
      const events = JSON.parse(sessionStorage.getItem('recorded-analytics') ?? '[]') as unknown[];
      sessionStorage.setItem('recorded-analytics', JSON.stringify([...events, event]));
    };
  });
}

/** The search queries recorded so far in this tab (see recordAnalytics). */
export async function recordedSearches(page: Page): Promise<string[]> {
  const events = await page.evaluate(() => JSON.parse(sessionStorage.getItem('recorded-analytics') ?? '[]') as { type: string; query?: string }[]);
  return events.filter((e) => e.type === 'search').map((e) => e.query ?? '');
}
