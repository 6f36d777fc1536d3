import { describe, expect, it } from 'vitest';
import { headTags } from './head-tags';
import { markdownPathFor, pagePathForMarkdown } from './markdown-alternate';

const config = { siteUrl: 'https://news.example.au', siteName: 'AusTech News', contactEmail: 'editor@example.au', contactPhone: '+61 2 8000 0000', saleDomain: 'news.example.au', salePriceAud: null, saleMinOfferAud: null };

describe('Markdown copies of pages', () => {
  it.each([
    ['/', '/index.md'],
    ['/articles/42', '/articles/42.md'],
    ['/articles/42/', '/articles/42.md'],
    ['/categories', '/categories.md'],
    ['/categories/cybersecurity', '/categories/cybersecurity.md'],
    ['/about', '/about.md'],
    ['/contact', '/contact.md'],
    ['/domain', '/domain.md'],
  ])('%s has %s, and back', (page, md) => {
    expect(markdownPathFor(page)).toBe(md);
    expect(pagePathForMarkdown(md)).toBe(page.replace(/(.)\/$/, '$1'));
  });

  it.each(['/search', '/articles/abc', '/newsroom', '/categories/a/b', '/privacy'])('%s has none', (page) => {
    expect(markdownPathFor(page)).toBeNull();
  });

  it.each(['/search.md', '/articles/abc.md', '/index', '/articles/1.md.md', '/x.md'])('%s is no Markdown copy', (path) => {
    expect(pagePathForMarkdown(path)).toBeNull();
  });
});

describe('alternate links in the head', () => {
  it('links an article to its Markdown copy, and a noindex page to none', () => {
    expect(headTags({ title: 'T', description: 'D', path: '/articles/7' }, config)).toContain(
      '<link data-page-head rel="alternate" type="text/markdown" href="https://news.example.au/articles/7.md">',
    );
    expect(headTags({ title: 'T', description: 'D', path: '/about', noindex: true }, config)).not.toContain('text/markdown');
  });

  it('names the JSON Feed beside each RSS feed', () => {
    const html = headTags({ title: 'T', description: 'D', path: '/categories/ai', feeds: [{ title: 'AI', href: '/categories/ai/rss.xml' }] }, config);
    expect(html).toContain('<link data-page-head rel="alternate" type="application/feed+json" title="AI" href="https://news.example.au/categories/ai/feed.json">');
  });
});
