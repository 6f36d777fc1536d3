import { articleTag, categoryTag, recordCacheTags } from '../../lib/cache-tags.js';
import type { CategoryView } from '../category/category.service.js';
import { type ArticleKindValue, DEFAULT_ARTICLE_KIND } from './article-kinds.js';

/** An article as readers see it: what lists, the article page, search, feeds and the ticker return. */
export interface ArticleView {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: CategoryView;
  author: string;
  /** The author page of the byline (/authors/{slug}); null when no author has that name. */
  authorSlug: string | null;
  /** News unless said otherwise; sponsored articles name their partner. */
  kind: ArticleKindValue;
  sponsorName: string | null;
  publishedAt: Date;
  updatedAt: Date;
  imageUrl: string;
  sourceUrl: string | null;
  isBreaking: boolean;
}

/**
 * What a view is built from: an Article entity (the newsroom's reads) or a row of the readers'
 * statements (article-rows.ts), whose drivers may give ids and times as text.
 */
export interface ArticleViewSource {
  id: number | string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: { id: number | string; name: string; slug: string; description: string; icon: string };
  author: string;
  authorSlug?: string | null;
  kind?: ArticleKindValue;
  sponsorName?: string | null;
  publishedAt: Date | string;
  updatedAt: Date | string;
  imageUrl: string;
  sourceUrl?: string | null;
  isBreaking: boolean;
}

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** The one place an ArticleView is made: every reader read and the newsroom's view build it here. */
export function toArticleView(source: ArticleViewSource): ArticleView {
  const { category } = source;
  // Whatever shows this article (its page, a card) is purged when it changes.
  recordCacheTags(articleTag(source.id), categoryTag(category.id));
  return {
    id: Number(source.id),
    slug: source.slug,
    title: source.title,
    excerpt: source.excerpt,
    content: source.content,
    category: { id: Number(category.id), name: category.name, slug: category.slug, description: category.description, icon: category.icon },
    author: source.author,
    authorSlug: source.authorSlug ?? null,
    kind: source.kind ?? DEFAULT_ARTICLE_KIND,
    sponsorName: source.sponsorName ?? null,
    publishedAt: asDate(source.publishedAt),
    updatedAt: asDate(source.updatedAt),
    imageUrl: source.imageUrl,
    sourceUrl: source.sourceUrl ?? null,
    isBreaking: Boolean(source.isBreaking),
  };
}
