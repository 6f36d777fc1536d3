import { describe, expect, it } from 'vitest';
import { siteUrl } from './site-url.js';

const SITE = 'https://news.example.au';

/** The same table as web/src/page-head/head-tags.test.ts: feeds and sitemaps follow the pages' rule. */
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

describe('siteUrl', () => {
  it.each(HOSTILE_PATHS)('keeps %j on the site: %s', (path, expected) => {
    expect(siteUrl(SITE, path)).toBe(expected);
  });

  it('keeps ordinary paths and queries as they were', () => {
    expect(siteUrl(SITE, '/sitemap.xml')).toBe('https://news.example.au/sitemap.xml');
    expect(siteUrl(SITE, '/media/covers/a-1?w=1200')).toBe('https://news.example.au/media/covers/a-1?w=1200');
    expect(siteUrl('http://localhost:3000', '/rss.xml')).toBe('http://localhost:3000/rss.xml');
  });
});
