import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { coverPath } from '../../lib/cover-url.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { clampPageSize, findKeysetPage, MAX_PAGE_SIZE, newestFirst, type Page, type PageQuery } from '../../lib/pagination.js';
import { type CategoryService, type CategoryView, toCategoryView } from '../category/category.service.js';
import { Article } from './article.entity.js';

/** Related articles of an article when the client does not say how many. */
export const DEFAULT_RELATED_COUNT = 3;

export interface ArticleView {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: CategoryView;
  author: string;
  publishedAt: Date;
  updatedAt: Date;
  imageUrl: string;
  sourceUrl: string | null;
  isBreaking: boolean;
}

export type ArticlePage = Page<ArticleView>;

export interface ArticlePageQuery extends PageQuery {
  /** Category slug. */
  category?: string | null;
}

const NEWEST_FIRST = newestFirst<Article>('publishedAt');

export function toArticleView(article: Article): ArticleView {
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    content: article.content,
    category: toCategoryView(article.category),
    author: article.author,
    publishedAt: article.publishedAt,
    updatedAt: article.updatedAt,
    imageUrl: article.imageUrl,
    sourceUrl: article.sourceUrl ?? null,
    isBreaking: article.isBreaking,
  };
}

/** Ids arrive as text from URLs and GraphQL IDs; anything but a positive integer is a client error. */
export function parseArticleId(raw: string | number): number {
  const text = String(raw).trim();
  const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new ValidationError('Article id must be a positive integer', [
      { field: 'id', message: 'Must be a positive integer' },
    ]);
  }
  return id;
}

export class ArticleService {
  constructor(
    private readonly em: EntityManager,
    private readonly categories: CategoryService,
  ) {}

  /** Newest first, keyset-paginated on (publishedAt, id): stable and index-backed at any depth. */
  async page(query: ArticlePageQuery = {}): Promise<ArticlePage> {
    const where: FilterQuery<Article>[] = [];
    if (query.category) {
      const category = await this.categories.getBySlug(query.category);
      where.push({ category: category.id });
    }
    return findKeysetPage(this.em, Article, {
      first: query.first,
      after: query.after,
      orderedBy: 'publishedAt',
      where,
      populate: ['category'],
      toView: toArticleView,
    });
  }

  async count(categorySlug?: string | null): Promise<number> {
    if (!categorySlug) return this.em.count(Article, {});
    const category = await this.categories.getBySlug(categorySlug);
    return this.em.count(Article, { category: category.id });
  }

  /** The REST listing by category display name (or slug), newest first. */
  async listByCategoryName(nameOrSlug: string, first?: number | null): Promise<ArticleView[]> {
    const category = await this.categories.getByNameOrSlug(nameOrSlug);
    return (await this.page({ category: category.slug, first: first ?? MAX_PAGE_SIZE })).nodes;
  }

  /** Every article, newest first, a page at a time (sitemaps walk the whole archive). */
  async *all(category?: string | null): AsyncGenerator<ArticleView> {
    let after: string | undefined;
    for (;;) {
      const page = await this.page({ first: MAX_PAGE_SIZE, after, category });
      yield* page.nodes;
      if (!page.hasNextPage) return;
      after = page.cursors.at(-1);
    }
  }

  /** Articles published at or after `since`, newest first (the news sitemap's two days). */
  async publishedSince(since: Date): Promise<ArticleView[]> {
    const rows = await this.em.find(Article, { publishedAt: { $gte: since } }, { orderBy: NEWEST_FIRST, limit: 1000, populate: ['category'] });
    return rows.map(toArticleView);
  }

  /** Whether some article's cover is this key: the media route renders only keys the site uses. */
  async coverKeyExists(key: string): Promise<boolean> {
    return (await this.em.count(Article, { imageUrl: coverPath(key) })) > 0;
  }

  async findById(id: number): Promise<ArticleView | null> {
    const row = await this.em.findOne(Article, { id }, { populate: ['category'] });
    return row ? toArticleView(row) : null;
  }

  async getById(rawId: string | number): Promise<ArticleView> {
    const id = parseArticleId(rawId);
    const found = await this.findById(id);
    if (!found) throw new NotFoundError(`Article ${id} not found`);
    return found;
  }

  async related(article: Pick<ArticleView, 'id' | 'category'>, first = DEFAULT_RELATED_COUNT) {
    return (await this.relatedMany([article], first))[0];
  }

  /**
   * Related articles for many articles at once (DataLoader batch): the same category, newest first,
   * excluding the article itself. Two queries whatever the number of articles.
   */
  async relatedMany(
    articles: readonly Pick<ArticleView, 'id' | 'category'>[],
    first = DEFAULT_RELATED_COUNT,
  ): Promise<ArticleView[][]> {
    const size = clampPageSize(first, DEFAULT_RELATED_COUNT);
    const categoryIds = [...new Set(articles.map((a) => a.category.id))];
    if (!categoryIds.length) return articles.map(() => []);
    const placeholders = categoryIds.map(() => '?').join(', ');
    const ranked = await this.em.getConnection().execute<{ id: number }[]>(
      `select id from (
         select id, row_number() over (partition by category_id order by published_at desc, id desc) as rank
         from article where category_id in (${placeholders})
       ) ranked where rank <= ?`,
      [...categoryIds, size + 1],
    );
    const rows = await this.em.find(
      Article,
      { id: { $in: ranked.map((r: { id: number }) => Number(r.id)) } },
      { orderBy: NEWEST_FIRST, populate: ['category'] },
    );
    const views = rows.map(toArticleView);
    return articles.map((article) =>
      views
        .filter((v) => v.category.id === article.category.id && v.id !== article.id)
        .slice(0, size),
    );
  }
}
