import type { SiteConfig } from '../../config/site-config';
import { absoluteUrl } from '../../page-head/head-tags';

export interface CategoryForJsonLd {
  name: string;
  slug: string;
  description: string;
}

/** CollectionPage (with an ItemList of the listed articles) and BreadcrumbList (Home -> category). */
export function categoryJsonLd(category: CategoryForJsonLd, articles: readonly { id: string }[], config: SiteConfig): object[] {
  const url = absoluteUrl(config, `/categories/${category.slug}`);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: category.name,
      description: category.description,
      url,
      inLanguage: 'en-AU',
      mainEntity: {
        '@type': 'ItemList',
        numberOfItems: articles.length,
        itemListElement: articles.map((a, i) => ({ '@type': 'ListItem', position: i + 1, url: absoluteUrl(config, `/articles/${a.id}`) })),
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: absoluteUrl(config, '/') },
        { '@type': 'ListItem', position: 2, name: category.name, item: url },
      ],
    },
  ];
}
