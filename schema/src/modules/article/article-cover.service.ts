import type { EntityManager } from '@mikro-orm/core';
import { type Clock, systemClock } from '../../lib/clock.js';
import { parseUploadedCoverName } from '../../lib/cover-url.js';
import type { Editor } from '../editor/editor-roles.js';
import type { ArticleEditingService, EditorArticleView } from './article-editing.service.js';
import { readRows } from './article-rows.js';
import { CoverImage } from './cover-image.entity.js';
import { decodeBase64Cover, type PreparedCover, prepareCover } from './cover-upload.validation.js';
import { visibleToReaders } from './reader-visibility.js';

/** An uploaded cover as the media route needs it. */
export interface CoverMaster {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Runs memory-heavy image work (decoding an upload of up to tens of megapixels) in turn with the
 * process's other image work; refuses with ServiceUnavailableError when too much is waiting.
 */
export type ImageWork = <T>(job: () => Promise<T>) => Promise<T>;

const runNow: ImageWork = (job) => job();

/**
 * Uploaded covers: adding, replacing and removing one goes through the article editing service,
 * so it commits with a revision (field `cover`) and is announced as a content change; reading a
 * master is for the media route.
 */
export class ArticleCoverService {
  constructor(
    private readonly em: EntityManager,
    private readonly editing: ArticleEditingService,
    private readonly imageWork: ImageWork = runNow,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Checked and re-encoded in turn with the other image work. */
  private prepare(picture: Buffer): Promise<PreparedCover> {
    return this.imageWork(() => prepareCover(picture));
  }

  /** A new article, with its cover when a picture is sent (checked and re-encoded first). */
  async create(raw: unknown, editor: Editor, picture?: Buffer): Promise<EditorArticleView> {
    const cover = picture ? await this.prepare(picture) : undefined;
    return this.editing.create(raw, editor, { cover });
  }

  /** Changes the fields sent and the cover: a picture replaces it, null removes it, undefined keeps it. */
  async update(rawId: string | number, raw: unknown, editor: Editor, picture?: Buffer | null): Promise<EditorArticleView> {
    const cover = picture ? await this.prepare(picture) : picture;
    return this.editing.update(rawId, raw, editor, { cover });
  }

  /** Replaces the article's cover with this picture (checked and re-encoded first). */
  async upload(rawId: string | number, bytes: Buffer, editor: Editor): Promise<EditorArticleView> {
    const cover = await this.prepare(bytes);
    return this.editing.update(rawId, {}, editor, { cover });
  }

  /** The same, for a picture sent as base64 text. */
  async uploadBase64(rawId: string | number, base64: string, editor: Editor): Promise<EditorArticleView> {
    return this.upload(rawId, decodeBase64Cover(base64), editor);
  }

  /** Back to the generated cover art. */
  async remove(rawId: string | number, editor: Editor): Promise<EditorArticleView> {
    return this.editing.update(rawId, {}, editor, { cover: null });
  }

  /**
   * Whether `<article id>-<version>` is an article's current cover (an index lookup, no bytes read).
   * For readers only while the article is visible to them, so a draft's picture answers as an
   * unknown one; `unpublished` (an editor's preview) finds it whatever the article's state.
   */
  async exists(name: string, { unpublished = false }: { unpublished?: boolean } = {}): Promise<boolean> {
    const parsed = parseUploadedCoverName(name);
    if (!parsed) return false;
    if (unpublished) return (await this.em.count(CoverImage, { article: parsed.articleId, version: parsed.version })) > 0;
    const visible = visibleToReaders(this.clock(), 'a');
    const rows = await readRows(
      this.em,
      `select 1 from cover_image c join article a on a.id = c.article_id where c.article_id = ? and c.version = ? and ${visible.sql} limit 1`,
      [parsed.articleId, parsed.version, ...visible.params],
    );
    return rows.length > 0;
  }

  /** The master behind `<article id>-<version>`, or null (unknown, or replaced since). */
  async master(name: string): Promise<CoverMaster | null> {
    const parsed = parseUploadedCoverName(name);
    if (!parsed) return null;
    const row = await this.em.findOne(CoverImage, { article: parsed.articleId, version: parsed.version }, { populate: ['data'] });
    return row ? { data: Buffer.from(row.data), width: row.width, height: row.height } : null;
  }
}
