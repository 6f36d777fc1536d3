import type { CorrectionComment, Person } from 'schema-dts';
import type { SiteConfig } from '../../config/site-config';
import type { ArticleKind } from '../../graphql/graphql';
import { ARTICLE_KIND_JSON_LD_TYPES } from '../../lib/article-kinds';
import { absoluteUrl } from '../../page-head/head-tags';

/** Google truncates longer headlines; keep NewsArticle.headline within its limit. */
export const HEADLINE_MAX = 110;
const COVER_RATIOS = ['16x9', '4x3', '1x1'] as const;

export interface ArticleForJsonLd {
  id: string;
  title: string;
  excerpt: string;
  author: string;
  /** Its kind sets the schema.org type (NewsArticle when absent). */
  kind?: ArticleKind;
  /** The byline's author, when one has that name: the Person gets their page and role. */
  authorProfile?: { slug: string; role: string } | null;
  /** Corrections and clarifications, newest first. */
  corrections?: readonly { id: string; kind: string; text: string; createdAt: string }[];
  imageUrl: string;
  publishedAt: string;
  updatedAt: string;
  category: { name: string; slug: string };
}

export function truncateHeadline(title: string, max = HEADLINE_MAX): string {
  return title.length <= max ? title : `${title.slice(0, max - 1).trimEnd()}…`;
}

function coverAt(imageUrl: string, ratio: string): string {
  return `${imageUrl}${imageUrl.includes('?') ? '&' : '?'}w=1200&ratio=${ratio}`;
}

/** NewsArticle and BreadcrumbList (Home -> category -> article) for an article page. */
export function articleJsonLd(article: ArticleForJsonLd, config: SiteConfig): object[] {
  const canonical = absoluteUrl(config, `/articles/${article.id}`);
  // The parts the byline and corrections add, checked against schema.org's types.
  const author: Person = article.authorProfile
    ? { '@type': 'Person', name: article.author, url: absoluteUrl(config, `/authors/${article.authorProfile.slug}`), jobTitle: article.authorProfile.role }
    : { '@type': 'Person', name: article.author };
  const correction: CorrectionComment[] = (article.corrections ?? []).map((c) => ({
    '@type': 'CorrectionComment',
    text: c.text,
    datePublished: new Date(c.createdAt).toISOString(),
    url: `${canonical}#correction-${c.id}`,
  }));
  const categoryUrl = absoluteUrl(config, `/categories/${article.category.slug}`);
  return [
    {
      '@context': 'https://schema.org',
      '@type': article.kind ? ARTICLE_KIND_JSON_LD_TYPES[article.kind] : 'NewsArticle',
      headline: truncateHeadline(article.title),
      description: article.excerpt,
      image: COVER_RATIOS.map((ratio) => absoluteUrl(config, coverAt(article.imageUrl, ratio))),
      datePublished: new Date(article.publishedAt).toISOString(),
      dateModified: new Date(article.updatedAt).toISOString(),
      author,
      ...(correction.length ? { correction } : {}),
      publisher: {
        '@type': 'NewsMediaOrganization',
        name: config.siteName,
        logo: { '@type': 'ImageObject', url: absoluteUrl(config, '/media/brand/logo.png') },
      },
      articleSection: article.category.name,
      mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
      inLanguage: 'en-AU',
      isAccessibleForFree: true,
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: absoluteUrl(config, '/') },
        { '@type': 'ListItem', position: 2, name: article.category.name, item: categoryUrl },
        { '@type': 'ListItem', position: 3, name: article.title, item: canonical },
      ],
    },
  ];
}
