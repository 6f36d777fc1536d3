import type { EntityManager } from '@mikro-orm/core';
import { ARTICLES_MODIFIED_TAG, ARTICLES_TAG, BY_CATEGORY_TAG, categoryListTag, recordCacheTags } from '../../lib/cache-tags.js';
import { type Clock, systemClock } from '../../lib/clock.js';
import { coverPath } from '../../lib/cover-url.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { clampPageSize, decodeCursor, MAX_PAGE_SIZE, type Page, type PageQuery, toKeysetPage } from '../../lib/pagination.js';
import type { CategoryService } from '../category/category.service.js';
import { NEWEST_FIRST_SQL, readArticleViews, readCountedArticleViews, readRows } from './article-rows.js';
import type { ArticleView } from './article-view.js';
import { scheduledAfter, type SqlPart, visibleToReaders } from './reader-visibility.js';

export { type ArticleView, toArticleView } from './article-view.js';

/** Related articles of an article when the client does not say how many. */
export const DEFAULT_RELATED_COUNT = 3;

/** The tags of a list of articles: all of them, or one category's. */
function listTags(categoryId: number | null): string[] {
  return categoryId === null ? [ARTICLES_TAG] : [categoryListTag(categoryId), BY_CATEGORY_TAG];
}

/**
 * Ids per row of `article_id_block` (migration Migration20261123030000_article_tallies): id ranges
 * are runs of whole blocks, so their sizes are multiples of it.
 */
export const ARTICLE_ID_BLOCK = 1_000;

/** A page of articles, with every article of its filter counted when the page was read (null: not counted). */
export type ArticlePage = Page<ArticleView> & { total: number | null };

/** What a link to an article needs (sitemaps): no body, no category. */
export interface ArticleLinkView {
  id: number;
  title: string;
  imageUrl: string;
  updatedAt: Date;
}

/** Range `number` (from 1) holds ids ((number - 1) * size, number * size]. */
export interface ArticleIdRange {
  number: number;
  firstId: number;
  lastId: number;
  /** When an article of the range last changed or left it. */
  lastModified: Date;
}

export interface ArticlePageQuery extends PageQuery {
  /** Category slug. */
  category?: string | null;
}

/** Reading speed behind "N min read". */
export const READING_WORDS_PER_MINUTE = 230;

/** Minutes to read a body at READING_WORDS_PER_MINUTE, rounded up, at least 1. */
export function readingMinutes(content: string): number {
  const words = content.match(/\S+/g)?.length ?? 0;
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE));
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

/**
 * How many articles readers can see, of one category or of all, as a scalar SQL expression: exact,
 * from the counts per category that triggers keep with every write (decision 012), one row or one
 * row per category however many articles there are. The tallies count published articles, scheduled
 * ones included; those still in the future are taken away (decision 019), read from the top of a
 * published_at index: a scheduled article enters the count at its time, with no job to run.
 */
function totalSql(categoryId: number | null, now: Date): SqlPart {
  const notYet = scheduledAfter(now, 's');
  const scheduled = `select count(*) from article s where ${notYet.sql}`;
  return categoryId === null
    ? { sql: `(select coalesce(sum(articles), 0) from article_count) - (${scheduled})`, params: [...notYet.params] }
    : {
        sql: `coalesce((select articles from article_count where category_id = ?), 0) - (${scheduled} and s.category_id = ?)`,
        params: [categoryId, ...notYet.params, categoryId],
      };
}

export class ArticleService {
  constructor(
    private readonly em: EntityManager,
    private readonly categories: CategoryService,
    /** "Now" for every read: what readers see at that time (reader-visibility.ts). */
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Newest first, keyset-paginated on (publishedAt, id): stable and index-backed at any depth. The
   * cursor condition is the row-value comparison, which one range scan of a (published_at, id)
   * index answers.
   */
  async page(query: ArticlePageQuery = {}): Promise<ArticlePage> {
    const size = clampPageSize(query.first);
    const where: string[] = [];
    const params: unknown[] = [];
    let categoryId: number | null = null;
    if (query.category) {
      categoryId = (await this.categories.getBySlug(query.category)).id;
      where.push('a.category_id = ?');
      params.push(categoryId);
    }
    if (query.after) {
      const { at, id } = decodeCursor(query.after);
      where.push('(a.published_at, a.id) < (?, ?)');
      params.push(at, id);
    }
    // The count rides along in the same statement (one row, or one per category: decision 012), so
    // a list that shows its total (the GraphQL home query) makes one round trip, not two.
    // A publish, a withdrawal or a move purges the lists it is or was in.
    recordCacheTags(...listTags(categoryId));
    const now = this.clock();
    const { views, total } = await readCountedArticleViews(this.em, now, totalSql(categoryId, now), where.join(' and '), [...params, size + 1], `order by ${NEWEST_FIRST_SQL} limit ?`);
    return { ...toKeysetPage(views, size, query.after, (row) => row.publishedAt), total };
  }

  /** Articles readers can see, of a category or of all (totalSql). */
  async count(categorySlug?: string | null): Promise<number> {
    const categoryId = categorySlug ? (await this.categories.getBySlug(categorySlug)).id : null;
    recordCacheTags(...listTags(categoryId));
    const { sql, params } = totalSql(categoryId, this.clock());
    const [row] = await readRows<{ total: string | number | null }>(this.em, `select ${sql} as total`, params);
    return Number(row?.total ?? 0);
  }

  /** The REST listing by category display name (or slug), newest first. */
  async listByCategoryName(nameOrSlug: string, first?: number | null): Promise<ArticleView[]> {
    const category = await this.categories.getByNameOrSlug(nameOrSlug);
    return (await this.page({ category: category.slug, first: first ?? MAX_PAGE_SIZE })).nodes;
  }

  /**
   * The id ranges of `size` ids that hold articles, with when each last changed: read from the
   * per-block tallies (a thousandth of the rows), never from the articles.
   */
  async idRanges(size: number): Promise<ArticleIdRange[]> {
    if (!Number.isInteger(size) || size < ARTICLE_ID_BLOCK || size % ARTICLE_ID_BLOCK !== 0) {
      throw new Error(`An id range is a whole number of blocks of ${ARTICLE_ID_BLOCK} ids, not ${size}`);
    }
    recordCacheTags(ARTICLES_MODIFIED_TAG);
    const rows = await readRows<{ part: string | number; last_modified: Date | string }>(
      this.em,
      `select block / ? as part, max(last_modified) as last_modified
       from article_id_block where articles > 0 group by 1 order by 1`,
      [size / ARTICLE_ID_BLOCK],
    );
    return rows.map((row) => {
      const number = Number(row.part) + 1;
      return { number, firstId: (number - 1) * size + 1, lastId: number * size, lastModified: new Date(row.last_modified) };
    });
  }

  /** Links to the articles with ids in (after, through], in id order, at most `limit`: one primary-key range scan. */
  async linksByIdRange(after: number, through: number, limit: number): Promise<ArticleLinkView[]> {
    // Thousands of links: one tag that every article write purges, not one per article.
    recordCacheTags(ARTICLES_MODIFIED_TAG);
    const visible = visibleToReaders(this.clock());
    const rows = await readRows<{ id: number; title: string; image_url: string; updated_at: Date | string }>(
      this.em,
      `select a.id, a.title, a.image_url, a.updated_at from article a where a.id > ? and a.id <= ? and ${visible.sql} order by a.id limit ?`,
      [after, through, ...visible.params, limit],
    );
    return rows.map((row) => ({ id: Number(row.id), title: row.title, imageUrl: row.image_url, updatedAt: new Date(row.updated_at) }));
  }

  /**
   * Every category in order, with when its newest article readers can see last changed (null:
   * none yet): the categories sitemap's lastmod. One statement: each category takes the top of the
   * (category_id, published_at, id) index, the same work at any size. Not knowing which category,
   * the planner would rather walk the newest articles of all until one is of the category: for an
   * empty category, all of them. So the category is a range of one value and the order begins with
   * it, an order only that index gives without sorting (with `=`, the planner drops a column it
   * knows to be constant from the order).
   */
  async categoriesLastModified(): Promise<{ slug: string; lastModified: Date | null }[]> {
    recordCacheTags(ARTICLES_MODIFIED_TAG);
    const visible = visibleToReaders(this.clock());
    const rows = await readRows<{ slug: string; updated_at: Date | string | null }>(
      this.em,
      `select c.slug, newest.updated_at
       from category c
       left join lateral (
         select a.updated_at from article a
         where a.category_id between c.id and c.id and ${visible.sql}
         order by a.category_id desc, a.published_at desc, a.id desc
         limit 1
       ) newest on true
       order by c.position`,
      visible.params,
    );
    return rows.map((row) => ({ slug: row.slug, lastModified: row.updated_at === null ? null : new Date(row.updated_at) }));
  }

  /** Articles published in the last `windowMs` by the services' clock, newest first (the news sitemap's two days). */
  async publishedWithin(windowMs: number): Promise<ArticleView[]> {
    recordCacheTags(ARTICLES_TAG);
    const now = this.clock();
    return readArticleViews(this.em, now, 'a.published_at >= ?', [new Date(now.getTime() - windowMs), 1000], `order by ${NEWEST_FIRST_SQL} limit ?`);
  }

  /** When the next scheduled article appears (the first publishedAt after `now`), or null. */
  async nextScheduledPublication(now = this.clock()): Promise<Date | null> {
    const scheduled = scheduledAfter(now);
    const [row] = await this.em.getConnection().execute<{ next: Date | string | null }[]>(
      `select min(a.published_at) as next from article a where ${scheduled.sql}`,
      scheduled.params,
    );
    return row?.next ? new Date(row.next) : null;
  }

  /**
   * Scheduled articles that appeared in (since, until] change their sitemap file: its block's
   * lastmod becomes their time of appearance. Idempotent (lastmod only moves forward), so every
   * process may run it for the same window.
   */
  async markAppeared(since: Date, until: Date): Promise<void> {
    // Not yet visible at `since`, visible at `until`.
    const notYet = scheduledAfter(since);
    const visible = visibleToReaders(until);
    await this.em.getConnection().execute(
      `update article_id_block b set last_modified = greatest(b.last_modified, d.appeared)
       from (
         select (a.id - 1) / ? as block, max(a.published_at) as appeared from article a
         where ${notYet.sql} and ${visible.sql} group by 1
       ) d
       where b.block = d.block`,
      [ARTICLE_ID_BLOCK, ...notYet.params, ...visible.params],
    );
  }

  /**
   * Whether an article readers can see has this cover key: the media route renders only those, so a
   * draft's key (its headline's slug) answers as an invented one does.
   */
  async coverKeyExists(key: string): Promise<boolean> {
    const visible = visibleToReaders(this.clock());
    const rows = await readRows(this.em, `select 1 from article a where a.image_url = ? and ${visible.sql} limit 1`, [coverPath(key), ...visible.params]);
    return rows.length > 0;
  }

  /** An article readers can see, by id; null for a draft, a scheduled article or none. */
  async findById(id: number): Promise<ArticleView | null> {
    const [view] = await readArticleViews(this.em, this.clock(), 'a.id = ?', [id], '');
    return view ?? null;
  }

  async getById(rawId: string | number): Promise<ArticleView> {
    const id = parseArticleId(rawId);
    const found = await this.findById(id);
    if (!found) throw new NotFoundError(`Article ${id} not found`);
    return found;
  }

  async related(article: Pick<ArticleView, 'id' | 'category' | 'publishedAt'>, first = DEFAULT_RELATED_COUNT) {
    return (await this.relatedMany([article], first))[0];
  }

  /**
   * Related articles for many articles at once (DataLoader batch): the same category, excluding the
   * article itself, its nearest neighbours in time: those published just before it, nearest first,
   * then (for the first few of a category) those just after it. Not the category's newest: a page's
   * cards then never change with a publish, only with a change to an article they show (recorded
   * as its tag), so a publish purges no archive page, and a correction only the few pages of the
   * articles next to it (decision 138). Two queries whatever the number of articles.
   *
   * Each article's `first` before and after it, by two LATERAL walks of the (category_id,
   * published_at, id) index from the article's place: the same work for a category of ten
   * articles as for one of a million.
   */
  async relatedMany(
    articles: readonly Pick<ArticleView, 'id' | 'category' | 'publishedAt'>[],
    first = DEFAULT_RELATED_COUNT,
  ): Promise<ArticleView[][]> {
    const size = clampPageSize(first, DEFAULT_RELATED_COUNT);
    if (!articles.length) return [];
    const now = this.clock();
    const visible = visibleToReaders(now);
    const places = articles.map(() => '(?::int, ?::int, ?::timestamptz)').join(', ');
    const placeParams = articles.flatMap((article) => [article.id, article.category.id, new Date(article.publishedAt ?? now)]);
    // Both statements on the same read connection, as the second looks up what the first found.
    const near = await readRows<{ article_id: number | string; id: number | string; side: number; at: Date | string }>(
      this.em,
      `select b.article_id, r.id, r.side, r.at
       from (values ${places}) as b(article_id, category_id, published_at)
       cross join lateral (
         (select a.id, 0 as side, a.published_at as at from article a
          where a.category_id = b.category_id and ${visible.sql} and (a.published_at, a.id) < (b.published_at, b.article_id)
          order by a.published_at desc, a.id desc
          limit ?)
         union all
         (select a.id, 1 as side, a.published_at as at from article a
          where a.category_id = b.category_id and ${visible.sql} and (a.published_at, a.id) > (b.published_at, b.article_id)
          order by a.published_at asc, a.id asc
          limit ?)
       ) r`,
      [...placeParams, ...visible.params, size, ...visible.params, size],
    );
    const nearest = new Map<number, { id: number; side: number; at: number }[]>();
    for (const row of near) {
      const list = nearest.get(Number(row.article_id)) ?? [];
      list.push({ id: Number(row.id), side: Number(row.side), at: new Date(row.at).getTime() });
      nearest.set(Number(row.article_id), list);
    }
    // Before it, nearest first; then after it, nearest first.
    const chosen = articles.map((article) =>
      (nearest.get(article.id) ?? [])
        .sort((a, b) => a.side - b.side || (a.side === 0 ? b.at - a.at || b.id - a.id : a.at - b.at || a.id - b.id))
        .slice(0, size)
        .map((row) => row.id),
    );
    const ids = [...new Set(chosen.flat())];
    const views = ids.length ? await readArticleViews(this.em, now, `a.id in (${ids.map(() => '?').join(', ')})`, ids, '') : [];
    const byId = new Map(views.map((view) => [view.id, view]));
    return chosen.map((list) => list.flatMap((id) => byId.get(id) ?? []));
  }
}
