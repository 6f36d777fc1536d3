import { recordCacheTags, TICKER_TAG } from '../../lib/cache-tags.js';
import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { type Clock, systemClock } from '../../lib/clock.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { dateTime, definedOnly, fieldProblems, invalidMessage, objectError, requiredText } from '../../lib/validation.js';
import { Article } from '../article/article.entity.js';
import { ARTICLE_VIEW_COLUMNS, ARTICLE_VIEW_FROM, type ArticleViewRow, readRows, toArticleViewFromRow } from '../article/article-rows.js';
import { type ArticleView, parseArticleId } from '../article/article.service.js';
import { visibleToReaders } from '../article/reader-visibility.js';
import { BreakingNewsItem } from './breaking-news-item.entity.js';

/** A ticker headline as readers get it: the linked article only while readers can see it. */
export interface BreakingNewsView {
  id: number;
  title: string;
  article: ArticleView | null;
}

/** A ticker item as editors see it: expired ones too, and the link whatever the article's state. */
export interface EditorBreakingNewsView {
  id: number;
  title: string;
  position: number;
  expiresAt: Date | null;
  articleId: number | null;
  /** Shown to readers now (not expired). */
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const BREAKING_NEWS_TITLE_LENGTH = 200;

const articleId = z
  .union([z.number(), z.string()], { error: 'articleId must be an article id' })
  .transform((value, context) => {
    try {
      return parseArticleId(value);
    } catch {
      context.addIssue({ code: 'custom', message: 'articleId must be a positive integer' });
      return z.NEVER;
    }
  })
  .nullable();

const fields = {
  title: requiredText('Title', BREAKING_NEWS_TITLE_LENGTH),
  articleId,
  /** Readers stop seeing it then; null: until removed. */
  expiresAt: dateTime('expiresAt'),
};
const createSchema = z.strictObject({ title: fields.title, articleId: fields.articleId.optional(), expiresAt: fields.expiresAt.optional() }, objectError('ticker item'));
const updateSchema = z.strictObject(
  { title: fields.title.optional(), articleId: fields.articleId.optional(), expiresAt: fields.expiresAt.optional() },
  objectError('ticker item'),
);
const reorderSchema = z
  .array(z.union([z.number(), z.string()]).transform((value) => Number(value)).pipe(z.number().int().positive()), { error: 'ids must be a list of ticker item ids' })
  .min(1, 'ids must name at least one ticker item')
  .max(1000, 'ids must name at most 1000 ticker items');

function isActive(item: BreakingNewsItem, now: number): boolean {
  return !item.expiresAt || item.expiresAt.getTime() > now;
}

function toEditorView(item: BreakingNewsItem, now = Date.now()): EditorBreakingNewsView {
  return {
    id: item.id,
    title: item.title,
    position: item.position,
    expiresAt: item.expiresAt ?? null,
    articleId: item.article?.id ?? null,
    active: isActive(item, now),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** The ticker: readers' list, and the newsroom's create, edit, reorder, expire and remove. */
export class BreakingNewsService {
  constructor(
    private readonly em: EntityManager,
    /** "Now" for the ticker: expiry (readers' list, the newsroom's active flag) and which linked articles readers see. */
    private readonly clock: Clock = systemClock,
  ) {}

  /** Headlines readers see, in display order: not expired; each with its article when readers can see it. */
  async list(): Promise<BreakingNewsView[]> {
    recordCacheTags(TICKER_TAG);
    const now = this.clock();
    const visible = visibleToReaders(now);
    const rows = await readRows<ArticleViewRow & { item_id: number | string; item_title: string }>(
      this.em,
      `select b.id as item_id, b.title as item_title, ${ARTICLE_VIEW_COLUMNS}
       from "breaking_news_item" b
       left join (${ARTICLE_VIEW_FROM}) on a.id = b.article_id and ${visible.sql}
       where b.expires_at is null or b.expires_at > ?
       order by b.position asc, b.id asc`,
      [...visible.params, now],
    );
    return rows.map((row) => ({
      id: Number(row.item_id),
      title: row.item_title,
      article: row.id === null ? null : toArticleViewFromRow(row),
    }));
  }

  /** Every item, expired ones too, in display order. */
  async listAll(): Promise<EditorBreakingNewsView[]> {
    const rows = await this.em.find(BreakingNewsItem, {}, { orderBy: [{ position: 'asc' }, { id: 'asc' }] });
    const now = this.clock().getTime();
    return rows.map((row) => toEditorView(row, now));
  }

  /** A new headline at the end of the ticker. */
  async create(raw: unknown): Promise<EditorBreakingNewsView> {
    const input = await this.validate(createSchema, raw);
    const em = this.em.fork();
    const [last] = await em.find(BreakingNewsItem, {}, { orderBy: { position: 'desc' }, limit: 1 });
    const now = this.clock();
    const item = em.create(BreakingNewsItem, {
      title: input.title,
      position: (last?.position ?? -1) + 1,
      expiresAt: input.expiresAt ?? null,
      article: input.articleId ? em.getReference(Article, input.articleId) : null,
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();
    return toEditorView(item, now.getTime());
  }

  /** Changes the title, the linked article (null unlinks) or the expiry (null: never; a past time expires it now). */
  async update(rawId: string | number, raw: unknown): Promise<EditorBreakingNewsView> {
    const id = this.parseId(rawId);
    const input = await this.validate(updateSchema, raw);
    const em = this.em.fork();
    const item = await this.load(em, id);
    if (input.title !== undefined) item.title = input.title;
    if (input.expiresAt !== undefined) item.expiresAt = input.expiresAt;
    if (input.articleId !== undefined) item.article = input.articleId ? em.getReference(Article, input.articleId) : null;
    await em.flush();
    return toEditorView(item, this.clock().getTime());
  }

  /**
   * Puts the named items first, in the order given; the others keep their order after them.
   * Answers the whole ticker in its new order.
   */
  async reorder(rawIds: unknown): Promise<EditorBreakingNewsView[]> {
    const parsed = reorderSchema.safeParse(rawIds);
    if (!parsed.success) throw new ValidationError('Invalid order: ids', fieldProblems(parsed.error, 'ids').map((p) => ({ ...p, field: 'ids' })));
    const ids = parsed.data;
    const em = this.em.fork();
    const rows = await em.find(BreakingNewsItem, {}, { orderBy: [{ position: 'asc' }, { id: 'asc' }] });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const unknown = ids.filter((id) => !byId.has(id));
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    if (unknown.length || repeated.length) {
      throw new ValidationError('Invalid order: ids', [
        ...(unknown.length ? [{ field: 'ids', message: `No ticker item with id ${unknown.join(', ')}` }] : []),
        ...(repeated.length ? [{ field: 'ids', message: `Each id once: ${[...new Set(repeated)].join(', ')} repeated` }] : []),
      ]);
    }
    const ordered = [...ids.map((id) => byId.get(id)!), ...rows.filter((row) => !ids.includes(row.id))];
    ordered.forEach((row, position) => {
      if (row.position !== position) row.position = position;
    });
    await em.flush();
    const now = this.clock().getTime();
    return ordered.map((row) => toEditorView(row, now));
  }

  async remove(rawId: string | number): Promise<number> {
    const id = this.parseId(rawId);
    const em = this.em.fork();
    em.remove(await this.load(em, id));
    await em.flush();
    return id;
  }

  /** When the next headline expires (the first expiresAt after `now`), or null. */
  async nextExpiry(now = this.clock()): Promise<Date | null> {
    const [next] = await this.em.find(BreakingNewsItem, { expiresAt: { $gt: now } }, { orderBy: { expiresAt: 'asc' }, limit: 1, fields: ['expiresAt'] });
    return next?.expiresAt ?? null;
  }

  private parseId(raw: string | number): number {
    const text = String(raw).trim();
    const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
      throw new ValidationError('Ticker item id must be a positive integer', [{ field: 'id', message: 'Must be a positive integer' }]);
    }
    return id;
  }

  private async load(em: EntityManager, id: number): Promise<BreakingNewsItem> {
    const item = await em.findOne(BreakingNewsItem, { id });
    if (!item) throw new NotFoundError(`Ticker item ${id} not found`);
    return item;
  }

  /** The input's rules, and an articleId that names an existing article: every problem named at once. */
  private async validate<S extends typeof createSchema | typeof updateSchema>(schema: S, raw: unknown): Promise<z.output<S>> {
    const parsed = schema.safeParse(definedOnly(raw));
    const problems = parsed.success ? [] : fieldProblems(parsed.error);
    const linked = parsed.success ? parsed.data.articleId : undefined;
    if (linked && !(await this.em.count(Article, { id: linked }))) {
      problems.push({ field: 'articleId', message: `No article with id ${linked}` });
    }
    if (parsed.success && Object.keys(parsed.data).length === 0) problems.push({ field: 'body', message: 'Send at least one field to change' });
    if (problems.length || !parsed.success) throw new ValidationError(invalidMessage('ticker item', problems), problems);
    return parsed.data as z.output<S>;
  }
}
