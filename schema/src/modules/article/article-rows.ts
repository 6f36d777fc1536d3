import type { EntityManager } from '@mikro-orm/core';
import type { CategoryView } from '../category/category.service.js';
import type { ArticleView } from './article.service.js';

/**
 * Readers' hot reads (the lists, an article, its related articles, the ticker) as one hand-written
 * statement each, read into plain views: no query building and no entity hydration, which were
 * half the server's CPU for an uncached GraphQL home query (decision 035). Writes and the
 * newsroom's reads keep the ORM's entities.
 */

/**
 * What readers see (decision 019): published articles whose publishedAt has come. A scheduled
 * article (publishedAt in the future) appears by itself at that time; a draft never. Every read
 * for readers filters on it (SQL on the article alias `a`); its one parameter is now, read once
 * per query.
 */
export const VISIBLE_TO_READERS_SQL = `a.status = 'published' and a.published_at <= ?`;

/** The columns of an ArticleView, from `article a` joined with `category c` (ARTICLE_VIEW_FROM). */
export const ARTICLE_VIEW_COLUMNS = `a.id, a.slug, a.title, a.excerpt, a.content, a.author, a.published_at, a.updated_at,
  a.image_url, a.source_url, a.is_breaking,
  c.id as category_id, c.name as category_name, c.slug as category_slug, c.description as category_description, c.icon as category_icon`;

export const ARTICLE_VIEW_FROM = `"article" a join "category" c on c.id = a.category_id`;

/** Newest first, ties by id: the order of every article list and of its keyset cursor. */
export const NEWEST_FIRST_SQL = 'a.published_at desc, a.id desc';

export interface ArticleViewRow {
  id: number | string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  author: string;
  published_at: Date | string;
  updated_at: Date | string;
  image_url: string;
  source_url: string | null;
  is_breaking: boolean;
  category_id: number | string;
  category_name: string;
  category_slug: string;
  category_description: string;
  category_icon: string;
}

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

function toCategoryViewFromRow(row: ArticleViewRow): CategoryView {
  return {
    id: Number(row.category_id),
    name: row.category_name,
    slug: row.category_slug,
    description: row.category_description,
    icon: row.category_icon,
  };
}

export function toArticleViewFromRow(row: ArticleViewRow): ArticleView {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    category: toCategoryViewFromRow(row),
    author: row.author,
    publishedAt: asDate(row.published_at),
    updatedAt: asDate(row.updated_at),
    imageUrl: row.image_url,
    sourceUrl: row.source_url ?? null,
    isBreaking: Boolean(row.is_breaking),
  };
}

/**
 * Rows of a read-only statement, as em.find would send it: inside a transaction on its connection,
 * otherwise on a read connection (a replica when configured; the primary while reads are held there).
 */
export function readRows<Row>(em: EntityManager, sql: string, params: unknown[]): Promise<Row[]> {
  const transaction = em.getTransactionContext();
  return em.getConnection(transaction ? 'write' : 'read').execute<Row[]>(sql, params, 'all', transaction);
}

/** An SQL fragment and the parameters of its placeholders, in order. */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

function articleViewsSql(where: string, tail: string, extraColumns = ''): string {
  return `select ${ARTICLE_VIEW_COLUMNS}${extraColumns} from ${ARTICLE_VIEW_FROM} where ${VISIBLE_TO_READERS_SQL}${where ? ` and ${where}` : ''} ${tail}`;
}

/** Articles readers can see that match `where` (more SQL on `a` and `c`, or ''), then `tail` (order, limit). */
export async function readArticleViews(em: EntityManager, where: string, params: unknown[], tail: string): Promise<ArticleView[]> {
  const rows = await readRows<ArticleViewRow>(em, articleViewsSql(where, tail), [new Date(), ...params]);
  return rows.map(toArticleViewFromRow);
}

/**
 * The same, with a count (a scalar SQL expression, given the statement's now) read in the same
 * statement: one round trip for a list and its total, both as of one instant. The total is null
 * when no row came back to carry it.
 */
export async function readCountedArticleViews(
  em: EntityManager,
  countAt: (now: Date) => SqlPart,
  where: string,
  params: unknown[],
  tail: string,
): Promise<{ views: ArticleView[]; total: number | null }> {
  const now = new Date();
  const count = countAt(now);
  const rows = await readRows<ArticleViewRow & { total_count: string | number }>(em, articleViewsSql(where, tail, `, (${count.sql}) as total_count`), [
    ...count.params,
    now,
    ...params,
  ]);
  return { views: rows.map(toArticleViewFromRow), total: rows.length ? Number(rows[0].total_count) : null };
}
