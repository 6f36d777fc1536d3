import type { BreadcrumbList, ProfilePage, WithContext } from 'schema-dts';
import type { SiteConfig } from '../../config/site-config';
import { absoluteUrl } from '../../page-head/head-tags';

export interface AuthorForJsonLd {
  slug: string;
  name: string;
  role: string;
  bio: string;
  photoUrl?: string | null;
  linkedinUrl?: string | null;
  websiteUrl?: string | null;
}

/** A profile URL of a fediverse handle: "@name@server.example" -> https://server.example/@name. */
export function fediverseUrl(handle: string): string | null {
  const match = /^@([^@]+)@([^@]+)$/.exec(handle);
  return match ? `https://${match[2]}/@${match[1]}` : null;
}

/** ProfilePage whose main entity is the Person (Google's profile page markup), and the breadcrumbs; checked against schema.org's types. */
export function authorJsonLd(
  author: AuthorForJsonLd & { fediverseHandle?: string | null },
  articles: readonly { id: string }[],
  config: SiteConfig,
): [WithContext<ProfilePage>, WithContext<BreadcrumbList>] {
  const url = absoluteUrl(config, `/authors/${author.slug}`);
  const sameAs = [author.linkedinUrl, author.websiteUrl, author.fediverseHandle ? fediverseUrl(author.fediverseHandle) : null].filter((u): u is string => Boolean(u));
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url,
      inLanguage: 'en-AU',
      mainEntity: {
        '@type': 'Person',
        '@id': `${url}#person`,
        name: author.name,
        jobTitle: author.role,
        description: author.bio,
        url,
        ...(author.photoUrl ? { image: author.photoUrl.startsWith('/') ? absoluteUrl(config, author.photoUrl) : author.photoUrl } : {}),
        ...(sameAs.length ? { sameAs } : {}),
        worksFor: { '@type': 'NewsMediaOrganization', name: config.siteName, url: absoluteUrl(config, '/') },
      },
      hasPart: articles.map((a) => ({ '@type': 'NewsArticle', url: absoluteUrl(config, `/articles/${a.id}`) })),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: absoluteUrl(config, '/') },
        { '@type': 'ListItem', position: 2, name: 'Authors', item: absoluteUrl(config, '/authors') },
        { '@type': 'ListItem', position: 3, name: author.name, item: url },
      ],
    },
  ];
}
