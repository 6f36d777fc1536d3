import type { ArticleView } from '../../../schema/src/index.js';

/** The REST article: the fields existing clients read, category as its display name, dates in ISO 8601. */
export interface ArticleJson {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  categorySlug: string;
  author: string;
  /** The byline's author page is /authors/{authorSlug}; absent when no author has that name. */
  authorSlug?: string;
  publishedAt: string;
  updatedAt: string;
  imageUrl: string;
  sourceUrl?: string;
  isBreaking: boolean;
  /** news, analysis, opinion, explainer or sponsored. */
  kind: string;
  /** Only on sponsored articles: the partner who paid for it. */
  sponsorName?: string;
}

export function toArticleJson(a: ArticleView): ArticleJson {
  return {
    id: a.id,
    slug: a.slug,
    title: a.title,
    excerpt: a.excerpt,
    content: a.content,
    category: a.category.name,
    categorySlug: a.category.slug,
    author: a.author,
    ...(a.authorSlug ? { authorSlug: a.authorSlug } : {}),
    publishedAt: a.publishedAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    imageUrl: a.imageUrl,
    ...(a.sourceUrl ? { sourceUrl: a.sourceUrl } : {}),
    isBreaking: a.isBreaking,
    kind: a.kind,
    ...(a.sponsorName ? { sponsorName: a.sponsorName } : {}),
  };
}
