import { describe, expect, it } from 'vitest';
import { testSiteConfig } from '../../test/render-page';
import { categoryJsonLd } from './category-json-ld';

describe('categoryJsonLd', () => {
  const category = { name: 'Cloud Computing', slug: 'cloud-computing', description: 'Hyperscalers, sovereign cloud and the data-centre boom.' };

  it('describes a CollectionPage listing the article URLs in order', () => {
    const [page] = categoryJsonLd(category, [{ id: '4' }, { id: '2' }], testSiteConfig);
    expect(page).toEqual({
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: 'Cloud Computing',
      description: category.description,
      url: 'https://technews.example.au/categories/cloud-computing',
      inLanguage: 'en-AU',
      mainEntity: {
        '@type': 'ItemList',
        numberOfItems: 2,
        itemListElement: [
          { '@type': 'ListItem', position: 1, url: 'https://technews.example.au/articles/4' },
          { '@type': 'ListItem', position: 2, url: 'https://technews.example.au/articles/2' },
        ],
      },
    });
  });

  it('adds a Home -> category breadcrumb', () => {
    const [, crumbs] = categoryJsonLd(category, [], testSiteConfig) as { '@type': string; itemListElement: unknown[] }[];
    expect(crumbs['@type']).toBe('BreadcrumbList');
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://technews.example.au/' },
      { '@type': 'ListItem', position: 2, name: 'Cloud Computing', item: 'https://technews.example.au/categories/cloud-computing' },
    ]);
  });
});
