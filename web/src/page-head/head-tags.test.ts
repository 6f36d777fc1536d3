import { describe, expect, it } from 'vitest';
import { absoluteUrl, headTags, sitePath } from './head-tags';

const config = { siteUrl: 'https://news.example.au', siteName: 'AusTech News', contactEmail: 'editor@example.au', contactPhone: '+61 2 8000 0000', saleDomain: 'news.example.au', salePriceAud: null, saleMinOfferAud: null };

/** Paths a request can carry that URL parsers read as another host: [path, the site URL it must give]. */
const HOSTILE_PATHS: Array<[string, string]> = [
  ['//evil.example/x', 'https://news.example.au/evil.example/x'],
  ['///evil.example', 'https://news.example.au/evil.example'],
  ['////evil.example/x?y=1', 'https://news.example.au/evil.example/x?y=1'],
  ['/\\evil.example/a', 'https://news.example.au/evil.example/a'],
  ['\\\\evil.example/a', 'https://news.example.au/evil.example/a'],
  ['/\\/evil.example', 'https://news.example.au/evil.example'],
  ['/\t/evil.example', 'https://news.example.au/evil.example'],
  ['/\n/evil.example', 'https://news.example.au/evil.example'],
  ['http://evil.example/about', 'https://news.example.au/http://evil.example/about'],
  ['https:evil.example', 'https://news.example.au/https:evil.example'],
  ['evil.example', 'https://news.example.au/evil.example'],
  ['/categories/../..//evil.example', 'https://news.example.au/evil.example'],
  ['/a/%2e%2e/%2e%2e//evil.example', 'https://news.example.au/evil.example'],
  ['', 'https://news.example.au/'],
];

describe('absoluteUrl', () => {
  it.each(HOSTILE_PATHS)('keeps %j on the site: %s', (path, expected) => {
    expect(absoluteUrl(config, path)).toBe(expected);
    expect(new URL(absoluteUrl(config, path)).origin).toBe('https://news.example.au');
  });

  it('keeps ordinary paths, queries and fragments as they were', () => {
    expect(absoluteUrl(config, '/')).toBe('https://news.example.au/');
    expect(absoluteUrl(config, '/articles/12')).toBe('https://news.example.au/articles/12');
    expect(absoluteUrl(config, '/media/covers/fallback-1?w=1200')).toBe('https://news.example.au/media/covers/fallback-1?w=1200');
    expect(absoluteUrl(config, '/about#team')).toBe('https://news.example.au/about#team');
  });

  it('uses only the origin of SITE_URL', () => {
    expect(absoluteUrl({ siteUrl: 'https://news.example.au/base' }, '//evil.example/x')).toBe('https://news.example.au/evil.example/x');
  });

  it('makes a path of one leading slash', () => {
    expect(sitePath('//evil.example')).toBe('/evil.example');
    expect(sitePath('/\\evil.example')).toBe('/evil.example');
  });
});

describe('headTags', () => {
  it.each(HOSTILE_PATHS.map(([path]) => [path]))('never names another host in the canonical, og:url or feed links for %j', (path) => {
    const html = headTags({ title: 'T', description: 'D', path, feeds: [{ title: 'F', href: `${path}/rss.xml` }] }, config);
    const urls = [...html.matchAll(/(?:href|content)="([^"]*:\/\/[^"]*)"/g)].map((m) => m[1]);
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const url of urls) expect(new URL(url.replace(/&amp;/g, '&')).origin).toBe('https://news.example.au');
    expect(html).not.toMatch(/(?:href|content)="(?:https?:)?\/\/evil\.example/);
  });
});
