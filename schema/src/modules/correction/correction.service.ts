import type { EntityManager } from '@mikro-orm/core';
import { type Clock, systemClock } from '../../lib/clock.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { clampPageSize, decodeCursor, type Page, type PageQuery, toKeysetPage } from '../../lib/pagination.js';
import { readRows } from '../article/article-rows.js';
import { ArticleRevision } from '../article/article-revision.entity.js';
import { Article } from '../article/article.entity.js';
import { parseArticleId } from '../article/article.service.js';
import { isVisibleToReaders, visibleToReaders } from '../article/reader-visibility.js';
import type { Editor } from '../editor/editor-roles.js';
import { ArticleCorrection } from './article-correction.entity.js';
import type { CorrectionKindValue } from './correction-kinds.js';
import { validateCorrectionInput } from './correction.validation.js';

/** A correction as readers see it. */
export interface CorrectionView {
  id: number;
  articleId: number;
  kind: CorrectionKindValue;
  text: string;
  createdAt: Date;
}

/** A correction with its article, for /corrections and its feed. */
export interface CorrectionListView extends CorrectionView {
  articleTitle: string;
}

interface CorrectionRow {
  id: number | string;
  article_id: number | string;
  kind: CorrectionKindValue;
  text: string;
  created_at: Date | string;
  title?: string;
}

function toView(row: CorrectionRow): CorrectionListView {
  return {
    id: Number(row.id),
    articleId: Number(row.article_id),
    kind: row.kind,
    text: row.text,
    createdAt: new Date(row.created_at),
    articleTitle: row.title ?? '',
  };
}

export class CorrectionService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Adds a correction or clarification to an article readers can see. The article's updatedAt
   * (its dateModified) moves, and the change is kept as a revision like every other; the flush of
   * the article tells the reader caches.
   */
  async add(rawArticleId: string | number, raw: unknown, editor: Editor): Promise<CorrectionView> {
    const articleId = parseArticleId(rawArticleId);
    const input = validateCorrectionInput(raw);
    const now = this.clock();
    const created = await this.em.transactional(async (tx) => {
      const article = await tx.findOne(Article, { id: articleId });
      if (!article) throw new NotFoundError(`Article ${articleId} not found`);
      if (!isVisibleToReaders(article, now)) {
        throw new ValidationError('Invalid correction: articleId', [{ field: 'articleId', message: 'Only an article readers can see takes a correction: edit a draft instead' }]);
      }
      const correction = tx.create(ArticleCorrection, { articleId, kind: input.kind, text: input.text, editor: editor.name, createdAt: now });
      // Its dateModified: the ORM stamps the write's time.
      article.updatedAt = new Date();
      tx.create(ArticleRevision, {
        articleId,
        editor: editor.name,
        action: 'update',
        changes: { [input.kind]: { from: null, to: input.text } },
        createdAt: now,
      });
      await tx.flush();
      return correction;
    });
    return { id: created.id, articleId, kind: created.kind, text: created.text, createdAt: created.createdAt };
  }

  /** An article's corrections, newest first: all of them are kept and shown. */
  async forArticle(articleId: number): Promise<CorrectionView[]> {
    const rows = await readRows<CorrectionRow>(
      this.em,
      'select id, article_id, kind, text, created_at from article_correction where article_id = ? order by created_at desc, id desc limit 200',
      [articleId],
    );
    return rows.map(toView);
  }

  /** Every correction of articles readers can see, newest first, keyset-paginated. */
  async recent(query: PageQuery = {}): Promise<Page<CorrectionListView>> {
    const size = clampPageSize(query.first);
    const visible = visibleToReaders(this.clock());
    const params: unknown[] = [...visible.params];
    let after = '';
    if (query.after) {
      const { at, id } = decodeCursor(query.after);
      after = 'and (k.created_at, k.id) < (?, ?)';
      params.push(at, id);
    }
    const rows = await readRows<CorrectionRow>(
      this.em,
      `select k.id, k.article_id, k.kind, k.text, k.created_at, a.title from article_correction k join article a on a.id = k.article_id
       where ${visible.sql} ${after} order by k.created_at desc, k.id desc limit ?`,
      [...params, size + 1],
    );
    return toKeysetPage(rows.map(toView), size, query.after, (view) => view.createdAt);
  }
}
