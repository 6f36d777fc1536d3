import { randomBytes } from 'node:crypto';
import { type EntityManager, type FilterQuery, UniqueConstraintViolationException } from '@mikro-orm/core';
import { type Clock, systemClock } from '../../lib/clock.js';
import { articleCoverKey, coverPath, isUploadedCoverPath, uploadedCoverPath } from '../../lib/cover-url.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { findKeysetPage, type Page, type PageQuery } from '../../lib/pagination.js';
import { Category } from '../category/category.entity.js';
import type { CategoryService } from '../category/category.service.js';
import type { Editor } from '../editor/editor-roles.js';
import type { ArticleKindValue } from './article-kinds.js';
import type { ArticleStatusValue } from './article-status.js';
import { ArticleRevision, type FieldChange, type RevisionActionValue } from './article-revision.entity.js';
import { Article } from './article.entity.js';
import { type ArticleView, parseArticleId, toArticleView } from './article.service.js';
import { isVisibleToReaders, scheduledAfterWhere, visibleToReadersWhere } from './reader-visibility.js';
import { validateArticleInput } from './article.validation.js';
import { CoverImage } from './cover-image.entity.js';
import type { PreparedCover } from './cover-upload.validation.js';

/**
 * Where an article stands for readers: `draft` (never shown), `scheduled` (published, its time
 * still to come) or `live`. Derived from status and publishedAt, never stored.
 */
export const ARTICLE_STATES = ['draft', 'scheduled', 'live'] as const;
export type ArticleStateValue = (typeof ARTICLE_STATES)[number];

/** An article as editors see it: what readers see, plus its status and state. */
export interface EditorArticleView extends ArticleView {
  status: ArticleStatusValue;
  state: ArticleStateValue;
  createdAt: Date;
}

export interface RevisionView {
  id: number;
  articleId: number;
  /** The editor token's name, or `owner` for ADMIN_TOKEN. */
  editor: string;
  action: RevisionActionValue;
  /** Each changed field with its value before and after (category by slug, dates in ISO 8601). */
  changes: Record<string, FieldChange>;
  createdAt: Date;
}

/** A change of uploaded cover with a write: a checked picture to use, or null to return to generated art. */
export interface CoverChange {
  cover?: PreparedCover | null;
}

export interface EditorArticlePageQuery extends PageQuery {
  category?: string | null;
  state?: ArticleStateValue | null;
  kind?: ArticleKindValue | null;
}

/** The longest slug written: with the category it stays within a cover key's 160 characters. */
const MAX_SLUG_LENGTH = 78;

export function stateOf(article: { status: string; publishedAt: Date }, now = Date.now()): ArticleStateValue {
  if (article.status !== 'published') return 'draft';
  return isVisibleToReaders(article, new Date(now)) ? 'live' : 'scheduled';
}

export function toEditorArticleView(article: Article, now = Date.now()): EditorArticleView {
  return {
    ...toArticleView(article),
    status: article.status as ArticleStatusValue,
    state: stateOf(article, now),
    createdAt: article.createdAt,
  };
}

function toRevisionView(row: ArticleRevision): RevisionView {
  return { id: row.id, articleId: row.articleId, editor: row.editor, action: row.action as RevisionActionValue, changes: row.changes, createdAt: row.createdAt };
}

function isEmptyObject(raw: unknown): boolean {
  return raw === undefined || raw === null || (typeof raw === 'object' && !Array.isArray(raw) && Object.keys(raw).length === 0);
}

/** A URL slug from a title: ASCII letters and digits in lowercase words joined by hyphens. */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .match(/[a-z0-9]+/g) ?? [];
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_LENGTH) break;
    slug = next;
  }
  return slug || 'article';
}

/** The fields a revision compares, as stored in its JSON: plain values, category by slug, dates as ISO 8601. */
function snapshot(article: Article): Record<string, unknown> {
  return {
    title: article.title,
    excerpt: article.excerpt,
    content: article.content,
    category: article.category.slug,
    author: article.author,
    sourceUrl: article.sourceUrl ?? null,
    isBreaking: article.isBreaking,
    publishedAt: article.publishedAt.toISOString(),
    status: article.status,
    kind: article.kind,
    sponsorName: article.sponsorName ?? null,
    // The uploaded cover's URL (its version included), null for generated art.
    cover: isUploadedCoverPath(article.imageUrl) ? article.imageUrl : null,
  };
}

function diff(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const field of Object.keys(after ?? before ?? {})) {
    const from = before ? before[field] : null;
    const to = after ? after[field] : null;
    if (from !== to) changes[field] = { from, to };
  }
  return changes;
}

/**
 * The newsroom's writes to articles and editors' reads (drafts and scheduled articles included).
 * Each change commits with its revision in one transaction; the ORM's subscriber then announces
 * it, so caches of pages, feeds and API reads drop it at once (runtime/content-changes.ts).
 */
export class ArticleEditingService {
  constructor(
    private readonly em: EntityManager,
    private readonly categories: CategoryService,
    /** A cover URL readers cannot load yet, as editors may preview it (the gateway signs it). */
    private readonly previewUrl: (imageUrl: string) => string = (imageUrl) => imageUrl,
    /** The services' clock (lib/clock.ts): "now" of a publish, and whether an article is live or scheduled. */
    private readonly clock: Clock = systemClock,
  ) {}

  /** The editors' view; the cover of an article readers cannot see yet carries its preview signature. */
  private view(article: Article, now = this.clock().getTime()): EditorArticleView {
    const view = toEditorArticleView(article, now);
    return view.state === 'live' ? view : { ...view, imageUrl: this.previewUrl(view.imageUrl) };
  }

  /** Any article by id, whatever its status: 404 when there is none. */
  async get(rawId: string | number): Promise<EditorArticleView> {
    return this.view(await this.load(this.em, parseArticleId(rawId)));
  }

  /** Every article newest first by publishedAt (scheduled ones on top), optionally one state, category or kind. */
  async list(query: EditorArticlePageQuery = {}): Promise<Page<EditorArticleView>> {
    const now = this.clock();
    const where: FilterQuery<Article>[] = [];
    if (query.category) where.push({ category: (await this.categories.getBySlug(query.category)).id });
    if (query.state === 'draft') where.push({ status: 'draft' });
    if (query.state === 'scheduled') where.push(scheduledAfterWhere(now));
    if (query.state === 'live') where.push(visibleToReadersWhere(now));
    if (query.kind) where.push({ kind: query.kind });
    return findKeysetPage(this.em, Article, {
      first: query.first,
      after: query.after,
      orderedBy: 'publishedAt',
      where,
      populate: ['category'],
      toView: (row) => this.view(row, now.getTime()),
    });
  }

  /**
   * A new article. publishedAt absent or null: now; in the future: scheduled, it appears by
   * itself at that time. Status `draft` keeps it from readers whatever its date.
   */
  async create(raw: unknown, editor: Editor, { cover }: CoverChange = {}): Promise<EditorArticleView> {
    const input = await validateArticleInput(raw, 'create', this.categories);
    const base = slugify(input.title);
    for (let attempt = 0; ; attempt++) {
      const slug = attempt === 0 ? await this.freeSlug(base) : `${base.slice(0, MAX_SLUG_LENGTH - 7)}-${randomBytes(3).toString('hex')}`;
      try {
        return await this.em.fork().transactional(async (tx) => {
          const now = this.clock();
          const category = await tx.findOneOrFail(Category, input.category.id);
          const article = tx.create(Article, {
            slug,
            title: input.title,
            excerpt: input.excerpt,
            content: input.content,
            category,
            author: input.author,
            publishedAt: input.publishedAt ?? now,
            imageUrl: coverPath(articleCoverKey(input.category.slug, slug)),
            sourceUrl: input.sourceUrl ?? null,
            isBreaking: input.isBreaking,
            status: input.status,
            kind: input.kind,
            sponsorName: input.sponsorName ?? null,
            createdAt: now,
            updatedAt: now,
          });
          await tx.flush();
          if (cover) await this.applyCover(tx, article, cover);
          this.record(tx, article.id, editor, 'create', diff(null, snapshot(article)));
          await tx.flush();
          return this.view(article);
        });
      } catch (error) {
        // Another article took the slug meanwhile: once more with a random suffix.
        if (error instanceof UniqueConstraintViolationException && attempt === 0) continue;
        throw error;
      }
    }
  }

  /**
   * Changes the fields sent. Publishing a draft without a publishedAt publishes it now (or at its
   * scheduled time, when that is still to come). A change of category moves the generated cover.
   * `cover` uploads a picture (or, null, returns to generated art); with it the fields may be none.
   */
  async update(rawId: string | number, raw: unknown, editor: Editor, { cover }: CoverChange = {}): Promise<EditorArticleView> {
    const id = parseArticleId(rawId);
    const coverOnly = cover !== undefined && isEmptyObject(raw);
    const input = coverOnly ? {} : await validateArticleInput(raw, 'update', this.categories);
    return this.em.fork().transactional(async (tx) => {
      const article = await this.load(tx, id);
      const before = snapshot(article);
      const now = this.clock();
      if (input.title !== undefined) article.title = input.title;
      if (input.excerpt !== undefined) article.excerpt = input.excerpt;
      if (input.content !== undefined) article.content = input.content;
      if (input.author !== undefined) article.author = input.author;
      if (input.sourceUrl !== undefined) article.sourceUrl = input.sourceUrl;
      if (input.isBreaking !== undefined) article.isBreaking = input.isBreaking;
      if (input.category !== undefined && input.category.id !== article.category.id) {
        const generated = coverPath(articleCoverKey(article.category.slug, article.slug));
        if (article.imageUrl === generated) article.imageUrl = coverPath(articleCoverKey(input.category.slug, article.slug));
        article.category = await tx.findOneOrFail(Category, input.category.id);
      }
      if (input.publishedAt !== undefined) {
        article.publishedAt = input.publishedAt ?? now;
      } else if (input.status === 'published' && article.status === 'draft' && article.publishedAt.getTime() < now.getTime()) {
        article.publishedAt = now;
      }
      if (input.status !== undefined) article.status = input.status;
      if (input.kind !== undefined) article.kind = input.kind;
      if (input.sponsorName !== undefined) article.sponsorName = input.sponsorName;
      if (article.kind === 'sponsored' && !article.sponsorName) {
        throw new ValidationError('Invalid article: sponsorName', [{ field: 'sponsorName', message: 'A sponsored article names its sponsor' }]);
      }
      if (cover !== undefined) await this.applyCover(tx, article, cover);
      await tx.flush();
      const changes = diff(before, snapshot(article));
      if (Object.keys(changes).length) {
        this.record(tx, id, editor, 'update', changes);
        await tx.flush();
      }
      return this.view(article);
    });
  }

  /** Takes an article away from readers (status draft); its page answers 404 from then on. */
  async unpublish(rawId: string | number, editor: Editor): Promise<EditorArticleView> {
    const id = parseArticleId(rawId);
    return this.em.fork().transactional(async (tx) => {
      const article = await this.load(tx, id);
      if (article.status === 'draft') return this.view(article);
      article.status = 'draft';
      this.record(tx, id, editor, 'unpublish', { status: { from: 'published', to: 'draft' } });
      await tx.flush();
      return this.view(article);
    });
  }

  /** Deletes an article for good; its revisions (and this last one, with every field) stay. */
  async delete(rawId: string | number, editor: Editor): Promise<number> {
    const id = parseArticleId(rawId);
    await this.em.fork().transactional(async (tx) => {
      const article = await this.load(tx, id);
      this.record(tx, id, editor, 'delete', diff(snapshot(article), null));
      tx.remove(article);
      await tx.flush();
    });
    return id;
  }

  /** An article's revisions, newest first; a deleted article's history stays readable. */
  async revisions(rawId: string | number, query: PageQuery = {}): Promise<Page<RevisionView>> {
    const articleId = parseArticleId(rawId);
    const page = await findKeysetPage(this.em, ArticleRevision, {
      first: query.first,
      after: query.after,
      orderedBy: 'createdAt',
      where: [{ articleId }],
      toView: toRevisionView,
    });
    if (!page.nodes.length && !query.after && !(await this.em.count(Article, { id: articleId }))) {
      throw new NotFoundError(`Article ${articleId} not found`);
    }
    return page;
  }

  /**
   * Stores an uploaded cover (replacing any other of the article) and points imageUrl at its
   * version; null removes it and returns to the generated art of the article's category and slug.
   */
  private async applyCover(em: EntityManager, article: Article, cover: PreparedCover | null): Promise<void> {
    const current = await em.findOne(CoverImage, { article: article.id });
    if (cover && current?.version === cover.version) return;
    if (current) {
      em.remove(current);
      // The old row goes before the new one takes its article (one cover per article).
      await em.flush();
    }
    if (cover) {
      em.create(CoverImage, { article, version: cover.version, data: cover.data, width: cover.width, height: cover.height, createdAt: this.clock() });
      article.imageUrl = uploadedCoverPath(article.id, cover.version);
    } else {
      article.imageUrl = coverPath(articleCoverKey(article.category.slug, article.slug));
    }
  }

  private async load(em: EntityManager, id: number): Promise<Article> {
    const article = await em.findOne(Article, { id }, { populate: ['category'] });
    if (!article) throw new NotFoundError(`Article ${id} not found`);
    return article;
  }

  private record(em: EntityManager, articleId: number, editor: Editor, action: RevisionActionValue, changes: Record<string, FieldChange>): void {
    em.create(ArticleRevision, { articleId, editor: editor.name, action, changes, createdAt: this.clock() });
  }

  /** The slug itself when free, else the first free `<slug>-2`, `<slug>-3`, ... */
  private async freeSlug(base: string): Promise<string> {
    const rows: { slug: string }[] = await this.em.getConnection().execute('select slug from article where slug = ? or slug like ?', [base, `${base}-%`]);
    const taken = new Set(rows.map((r) => r.slug));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) {
      const candidate = `${base.slice(0, MAX_SLUG_LENGTH - String(n).length - 1)}-${n}`;
      if (!taken.has(candidate)) return candidate;
    }
  }
}
