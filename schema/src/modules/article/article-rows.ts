import type { EntityManager } from '@mikro-orm/core';
import { PostgreSqlConnection } from '@mikro-orm/postgresql';
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
export async function readRows<Row>(em: EntityManager, sql: string, params: unknown[]): Promise<Row[]> {
  const transaction = em.getTransactionContext();
  const connection = em.getConnection(transaction ? 'write' : 'read');
  const statement = !transaction && connection instanceof PostgreSqlConnection ? preparedStatement(sql) : undefined;
  if (!statement) return connection.execute<Row[]>(sql, params, 'all', transaction);
  const pool = await (connection as PostgreSqlConnection).getNativeClient();
  // Through the connection's own executeQuery, so that the ORM's query log names it as before.
  const logged = connection as unknown as { executeQuery<T>(query: string, run: () => Promise<T>, context: object): Promise<T> };
  return logged.executeQuery(sql, async () => (await pool.query<Row & object>({ name: statement.name, text: statement.text, values: params })).rows, { params });
}

/** `?` placeholders as PostgreSQL's own `$1`, `$2`, ... in order. */
export function toNumberedParameters(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** Named statements are kept by every PostgreSQL connection: their number is bounded here (any more run as before). */
const MAX_PREPARED_STATEMENTS = 200;
const preparedStatements = new Map<string, { name: string; text: string }>();

/**
 * On PostgreSQL, readers' reads run as named prepared statements (decision 036): each connection
 * parses a statement once, and once PostgreSQL finds its generic plan no costlier than the ones it
 * made for the values given, it plans it no more, which halved the database's time for the home
 * query's two statements. Its own cost check keeps planning per call where the values matter. The
 * placeholders become `$n`; the statements here have no `?` of their own.
 */
function preparedStatement(sql: string): { name: string; text: string } | undefined {
  let statement = preparedStatements.get(sql);
  if (!statement && preparedStatements.size < MAX_PREPARED_STATEMENTS) {
    statement = { name: `reader_read_${preparedStatements.size + 1}`, text: toNumberedParameters(sql) };
    preparedStatements.set(sql, statement);
  }
  return statement;
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
