import { describe, expect, it } from 'vitest';
import { testSiteConfig } from '../../test/render-page';
import { articleJsonLd, HEADLINE_MAX, truncateHeadline } from './article-json-ld';

const article = {
  id: '7',
  title: 'Australian satellite start-up closes record funding round',
  excerpt: 'An Adelaide start-up has raised $120 million.',
  author: 'Priya Nair',
  imageUrl: '/media/covers/space-7',
  publishedAt: '2026-11-20T23:30:00Z',
  updatedAt: '2026-11-21T02:00:00Z',
  category: { name: 'Space Economy', slug: 'space-economy' },
};

describe('articleJsonLd', () => {
  it('describes a NewsArticle with absolute cover URLs in three ratios, publisher and page', () => {
    const [news] = articleJsonLd(article, testSiteConfig) as Record<string, unknown>[];
    expect(news).toEqual({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: article.title,
      description: article.excerpt,
      image: [
        'https://technews.example.au/media/covers/space-7?w=1200&ratio=16x9',
        'https://technews.example.au/media/covers/space-7?w=1200&ratio=4x3',
        'https://technews.example.au/media/covers/space-7?w=1200&ratio=1x1',
      ],
      datePublished: '2026-11-20T23:30:00.000Z',
      dateModified: '2026-11-21T02:00:00.000Z',
      author: { '@type': 'Person', name: 'Priya Nair' },
      publisher: {
        '@type': 'NewsMediaOrganization',
        name: 'AusTech News',
        logo: { '@type': 'ImageObject', url: 'https://technews.example.au/media/brand/logo.png' },
      },
      articleSection: 'Space Economy',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://technews.example.au/articles/7' },
      inLanguage: 'en-AU',
      isAccessibleForFree: true,
    });
  });

  it('adds a Home -> category -> article breadcrumb with absolute URLs', () => {
    const [, crumbs] = articleJsonLd(article, testSiteConfig) as { itemListElement: unknown[] }[];
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://technews.example.au/' },
      { '@type': 'ListItem', position: 2, name: 'Space Economy', item: 'https://technews.example.au/categories/space-economy' },
      { '@type': 'ListItem', position: 3, name: article.title, item: 'https://technews.example.au/articles/7' },
    ]);
  });

  it('keeps the headline within 110 characters', () => {
    const long = 'A'.repeat(150);
    expect(truncateHeadline(long)).toHaveLength(HEADLINE_MAX);
    expect(truncateHeadline(long).endsWith('…')).toBe(true);
    expect(truncateHeadline('Short title')).toBe('Short title');
    const [news] = articleJsonLd({ ...article, title: long }, testSiteConfig) as { headline: string }[];
    expect(news.headline.length).toBeLessThanOrEqual(110);
  });
});
