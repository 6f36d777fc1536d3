import type { EntityManager } from '@mikro-orm/core';
import { type PreparedStatement, ReaderPostgreSqlConnection } from '../../runtime/reader-connection.js';
import type { ArticleKindValue } from './article-kinds.js';
import { type ArticleView, toArticleView } from './article-view.js';
import { type SqlPart, visibleToReaders } from './reader-visibility.js';

/**
 * Readers' hot reads (the lists, an article, its related articles, the ticker) as one hand-written
 * statement each, read into plain views: no query building and no entity hydration, which were
 * half the server's CPU for an uncached GraphQL home query (decision 035). Writes and the
 * newsroom's reads keep the ORM's entities.
 */

/** The columns of an ArticleView, from `article a` joined with `category c` (ARTICLE_VIEW_FROM), named as its source's fields. */
export const ARTICLE_VIEW_COLUMNS = `a.id, a.slug, a.title, a.excerpt, a.content, a.author, a.published_at as "publishedAt", a.updated_at as "updatedAt",
  a.image_url as "imageUrl", a.source_url as "sourceUrl", a.is_breaking as "isBreaking",
  c.id as "categoryId", c.name as "categoryName", c.slug as "categorySlug", c.description as "categoryDescription", c.icon as "categoryIcon",
  (select au.slug from "author" au where au.name = a.author) as "authorSlug", a.kind, a.sponsor_name as "sponsorName"`;

export const ARTICLE_VIEW_FROM = `"article" a join "category" c on c.id = a.category_id`;

/** Newest first, ties by id: the order of every article list and of its keyset cursor. */
export const NEWEST_FIRST_SQL = 'a.published_at desc, a.id desc';

/** A row of ARTICLE_VIEW_COLUMNS. */
export interface ArticleViewRow {
  id: number | string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  author: string;
  publishedAt: Date | string;
  updatedAt: Date | string;
  imageUrl: string;
  sourceUrl: string | null;
  isBreaking: boolean;
  categoryId: number | string;
  categoryName: string;
  categorySlug: string;
  categoryDescription: string;
  categoryIcon: string;
  authorSlug: string | null;
  kind: ArticleKindValue;
  sponsorName: string | null;
}

/** A row of ARTICLE_VIEW_COLUMNS as a view (toArticleView); other columns of the row are left out. */
export function toArticleViewFromRow(row: ArticleViewRow): ArticleView {
  return toArticleView({
    ...row,
    category: { id: row.categoryId, name: row.categoryName, slug: row.categorySlug, description: row.categoryDescription, icon: row.categoryIcon },
  });
}

/**
 * Rows of a reader's read-only statement: inside a transaction on its connection, otherwise on a
 * read connection (a replica when configured; the primary while reads are held there), where
 * PostgreSQL runs it as a named prepared statement.
 */
export async function readRows<Row>(em: EntityManager, sql: string, params: unknown[]): Promise<Row[]> {
  const transaction = em.getTransactionContext();
  if (transaction) return em.getConnection('write').execute<Row[]>(sql, params, 'all', transaction);
  const connection = em.getConnection('read');
  const statement = connection instanceof ReaderPostgreSqlConnection ? preparedStatement(sql) : undefined;
  if (statement && connection instanceof ReaderPostgreSqlConnection) return connection.preparedRows<Row>(statement, params);
  return connection.execute<Row[]>(sql, params, 'all');
}

/** `?` placeholders as PostgreSQL's own `$1`, `$2`, ... in order. */
export function toNumberedParameters(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** Named statements are kept by every PostgreSQL connection: their number is bounded here (any more run as before). */
const MAX_PREPARED_STATEMENTS = 200;
const preparedStatements = new Map<string, PreparedStatement>();

/**
 * On PostgreSQL, readers' reads run as named prepared statements (decision 036): each connection
 * parses a statement once, and once PostgreSQL finds its generic plan no costlier than the ones it
 * made for the values given, it plans it no more, which halved the database's time for the home
 * query's two statements. Its own cost check keeps planning per call where the values matter. The
 * placeholders become `$n`; the statements here have no `?` of their own.
 */
function preparedStatement(sql: string): PreparedStatement | undefined {
  let statement = preparedStatements.get(sql);
  if (!statement && preparedStatements.size < MAX_PREPARED_STATEMENTS) {
    statement = { name: `reader_read_${preparedStatements.size + 1}`, text: toNumberedParameters(sql) };
    preparedStatements.set(sql, statement);
  }
  return statement;
}

function articleViewsSql(visible: SqlPart, where: string, tail: string, extraColumns = ''): string {
  return `select ${ARTICLE_VIEW_COLUMNS}${extraColumns} from ${ARTICLE_VIEW_FROM} where ${visible.sql}${where ? ` and ${where}` : ''} ${tail}`;
}

/** Articles readers can see at `now` that match `where` (more SQL on `a` and `c`, or ''), then `tail` (order, limit). */
export async function readArticleViews(em: EntityManager, now: Date, where: string, params: unknown[], tail: string): Promise<ArticleView[]> {
  const visible = visibleToReaders(now);
  const rows = await readRows<ArticleViewRow>(em, articleViewsSql(visible, where, tail), [...visible.params, ...params]);
  return rows.map(toArticleViewFromRow);
}

/**
 * The same, with a count (a scalar SQL expression, as of the same `now`) read in the same
 * statement: one round trip for a list and its total, both as of one instant. The total is null
 * when no row came back to carry it.
 */
export async function readCountedArticleViews(
  em: EntityManager,
  now: Date,
  count: SqlPart,
  where: string,
  params: unknown[],
  tail: string,
): Promise<{ views: ArticleView[]; total: number | null }> {
  const visible = visibleToReaders(now);
  const rows = await readRows<ArticleViewRow & { total_count: string | number }>(em, articleViewsSql(visible, where, tail, `, (${count.sql}) as total_count`), [
    ...count.params,
    ...visible.params,
    ...params,
  ]);
  return { views: rows.map(toArticleViewFromRow), total: rows.length ? Number(rows[0].total_count) : null };
}
