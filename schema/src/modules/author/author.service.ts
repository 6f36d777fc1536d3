import type { EntityManager } from '@mikro-orm/core';
import { type Clock, systemClock } from '../../lib/clock.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { clampPageSize, decodeCursor, type PageQuery, toKeysetPage } from '../../lib/pagination.js';
import { notifyContentChange } from '../../runtime/content-changes.js';
import { NEWEST_FIRST_SQL, readArticleViews, readRows } from '../article/article-rows.js';
import type { ArticlePage } from '../article/article.service.js';
import { visibleToReaders } from '../article/reader-visibility.js';
import { Category } from '../category/category.entity.js';
import type { Editor } from '../editor/editor-roles.js';
import type { ImageWork } from '../article/article-cover.service.js';
import { prepareCover, type PictureUse } from '../article/cover-upload.validation.js';
import { Author } from './author.entity.js';
import { AuthorPhoto } from './author-photo.entity.js';
import { slugFromName, validateAuthorInput } from './author.validation.js';

/** An author as readers and clients see it. */
export interface AuthorView {
  id: number;
  slug: string;
  name: string;
  role: string;
  bio: string;
  photoUrl: string | null;
  categorySlugs: string[];
  linkedinUrl: string | null;
  websiteUrl: string | null;
  fediverseHandle: string | null;
  updatedAt: Date;
}

/** Uploaded author photos fit in this square: a portrait shown at 160 px, sharp on a 3x screen, and more. */
export const AUTHOR_PHOTO_SIDE = 640;
export const AUTHOR_PHOTO: PictureUse = { field: 'photo', noun: 'Photo', masterMaxSide: AUTHOR_PHOTO_SIDE };
/** An uploaded photo's path: the author's id and the picture's version, so a new picture is a new URL. */
export const authorPhotoPath = (authorId: number, version: string) => `/media/authors/${authorId}-${version}.webp`;
const AUTHOR_PHOTO_NAME = /^(\d{1,10})-([0-9a-f]{16})\.webp$/;
/** Whether a file name could be an uploaded photo's (`<author id>-<version>.webp`): anything else is unknown without a lookup. */
export const isAuthorPhotoName = (name: string): boolean => AUTHOR_PHOTO_NAME.test(name);

/** An uploaded photo as the media route serves it. */
export interface AuthorPhotoFile {
  data: Buffer;
  version: string;
}

/** No newsroom has more: the list is read whole, and bounded so a runaway table cannot fill a page. */
export const MAX_AUTHORS = 500;

export function toAuthorView(row: Author): AuthorView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    role: row.role,
    bio: row.bio,
    photoUrl: row.photoUrl ?? null,
    categorySlugs: [...(row.categorySlugs ?? [])],
    linkedinUrl: row.linkedinUrl ?? null,
    websiteUrl: row.websiteUrl ?? null,
    fediverseHandle: row.fediverseHandle ?? null,
    updatedAt: row.updatedAt,
  };
}

/** A slug from a URL: anything that could not be one is simply not found. */
function isPlausibleSlug(slug: string): boolean {
  return slug.length > 0 && slug.length <= 80 && /^[a-z0-9-]+$/i.test(slug);
}

export class AuthorService {
  /** A page asks for the authors from several places (bylines, the masthead): read once per request. */
  private listing: Promise<AuthorView[]> | null = null;

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock = systemClock,
    private readonly imageWork: ImageWork = (job) => job(),
  ) {}

  /**
   * Replaces the author's photo with this picture (JPEG, PNG or WebP, checked by its content,
   * re-encoded without metadata, in turn with the process's other image work), or with null
   * removes it: the profile then shows the generated portrait.
   * @throws ValidationError or PayloadTooLargeError naming `photo`; NotFoundError
   */
  async setPhoto(slug: string, picture: Buffer | null, _editor: Editor): Promise<AuthorView> {
    const prepared = picture ? await this.imageWork(() => prepareCover(picture, AUTHOR_PHOTO)) : null;
    const view = await this.em.transactional(async (tx) => {
      const row = await tx.findOne(Author, { slug: slug.trim().toLowerCase() });
      if (!row) throw new NotFoundError(`Author "${slug.slice(0, 80)}" not found`);
      await tx.nativeDelete(AuthorPhoto, { author: row.id });
      if (prepared) {
        tx.create(AuthorPhoto, { author: row, version: prepared.version, data: prepared.data, width: prepared.width, height: prepared.height });
        row.photoUrl = authorPhotoPath(row.id, prepared.version);
      } else if (row.photoUrl?.startsWith('/media/authors/')) row.photoUrl = null;
      await tx.flush();
      return toAuthorView(row);
    });
    this.listing = null;
    // The profile and the bylines that show the photo are stale.
    notifyContentChange(['Article', 'Author']);
    return view;
  }

  /** An uploaded photo by its file name (`<author id>-<version>.webp`), or null: any other name is simply unknown. */
  async photoFile(name: string): Promise<AuthorPhotoFile | null> {
    const match = AUTHOR_PHOTO_NAME.exec(name);
    if (!match) return null;
    const row = await this.em.fork().findOne(AuthorPhoto, { author: Number(match[1]), version: match[2] }, { populate: ['data'] });
    return row ? { data: Buffer.from(row.data), version: row.version } : null;
  }

  /** Every author by name. */
  list(): Promise<AuthorView[]> {
    this.listing ??= this.em.find(Author, {}, { orderBy: { name: 'asc' }, limit: MAX_AUTHORS }).then(
      (rows) => rows.map(toAuthorView),
      (error: unknown) => {
        this.listing = null;
        throw error;
      },
    );
    return this.listing;
  }

  async findBySlug(slug: string): Promise<AuthorView | null> {
    const wanted = slug.trim().toLowerCase();
    if (!isPlausibleSlug(wanted)) return null;
    const row = await this.em.findOne(Author, { slug: wanted });
    return row ? toAuthorView(row) : null;
  }

  async getBySlug(slug: string): Promise<AuthorView> {
    const found = await this.findBySlug(slug);
    if (!found) throw new NotFoundError(`Author "${slug.slice(0, 80)}" not found`);
    return found;
  }

  /** The author whose name an article's byline carries, from the request's one list. */
  async forByline(byline: string): Promise<AuthorView | null> {
    return (await this.list()).find((author) => author.name === byline) ?? null;
  }

  /** Their articles readers can see, newest first, keyset-paginated, with the count of all of them. */
  async articles(author: Pick<AuthorView, 'name'>, query: PageQuery = {}): Promise<ArticlePage> {
    const size = clampPageSize(query.first);
    const where = ['a.author = ?'];
    const params: unknown[] = [author.name];
    if (query.after) {
      const { at, id } = decodeCursor(query.after);
      where.push('(a.published_at, a.id) < (?, ?)');
      params.push(at, id);
    }
    const now = this.clock();
    const views = await readArticleViews(this.em, now, where.join(' and '), [...params, size + 1], `order by ${NEWEST_FIRST_SQL} limit ?`);
    const visible = visibleToReaders(now);
    const [row] = await readRows<{ total: string | number }>(this.em, `select count(*) as total from article a where a.author = ? and ${visible.sql}`, [author.name, ...visible.params]);
    return { ...toKeysetPage(views, size, query.after, (view) => view.publishedAt), total: Number(row?.total ?? 0) };
  }

  /** A new author; the slug comes from the name unless given. */
  async create(raw: unknown, _editor: Editor): Promise<AuthorView> {
    const input = validateAuthorInput(raw, 'create');
    const slug = input.slug ?? slugFromName(input.name);
    if (!slug) throw new ValidationError('Invalid author: slug', [{ field: 'slug', message: 'The name has no letters or digits to make a slug of: send a slug' }]);
    await this.assertKnownCategories(input.categorySlugs);
    await this.assertFree(slug, input.name, null);
    const row = this.em.create(Author, {
      slug,
      name: input.name,
      role: input.role,
      bio: input.bio,
      photoUrl: input.photoUrl ?? null,
      categorySlugs: input.categorySlugs,
      linkedinUrl: input.linkedinUrl ?? null,
      websiteUrl: input.websiteUrl ?? null,
      fediverseHandle: input.fediverseHandle ?? null,
    });
    await this.em.flush();
    this.listing = null;
    // Bylines of that name now link to the new page.
    notifyContentChange(['Article', 'Author']);
    return toAuthorView(row);
  }

  /** Changes a profile; a new name rewrites the author's bylines with it, in the same transaction. */
  async update(slug: string, raw: unknown, _editor: Editor): Promise<AuthorView> {
    const input = validateAuthorInput(raw, 'update');
    if (input.categorySlugs) await this.assertKnownCategories(input.categorySlugs);
    const view = await this.em.transactional(async (tx) => {
      const row = await tx.findOne(Author, { slug: slug.trim().toLowerCase() });
      if (!row) throw new NotFoundError(`Author "${slug.slice(0, 80)}" not found`);
      const oldName = row.name;
      if ((input.slug && input.slug !== row.slug) || (input.name && input.name !== row.name)) {
        await this.assertFree(input.slug ?? row.slug, input.name ?? row.name, row.id, tx);
      }
      tx.assign(row, input);
      await tx.flush();
      if (input.name && input.name !== oldName) {
        await tx.getConnection().execute('update article set author = ?, updated_at = ? where author = ?', [input.name, new Date(), oldName], 'run', tx.getTransactionContext());
      }
      return toAuthorView(row);
    });
    this.listing = null;
    // The bylines were written in SQL: the pages that show them are stale.
    notifyContentChange(['Article', 'Author']);
    return view;
  }

  /** Categories covered are shown as links on the author's page: a slug of no category is a mistake to name, not to drop. */
  private async assertKnownCategories(slugs: readonly string[]): Promise<void> {
    if (slugs.length === 0) return;
    const known = new Set((await this.em.find(Category, { slug: { $in: [...slugs] } }, { fields: ['slug'] })).map((row) => row.slug));
    const unknown = [...new Set(slugs)].filter((slug) => !known.has(slug));
    if (unknown.length) {
      throw new ValidationError('Invalid author: categorySlugs', [{ field: 'categorySlugs', message: `No category has the slug ${unknown.map((s) => `"${s}"`).join(', ')}` }]);
    }
  }

  private async assertFree(slug: string, name: string, selfId: number | null, em: EntityManager = this.em): Promise<void> {
    const clash = await em.find(Author, { $or: [{ slug }, { name }] });
    const problems = clash
      .filter((row) => row.id !== selfId)
      .map((row) => (row.slug === slug ? { field: 'slug', message: `The slug "${slug}" is taken` } : { field: 'name', message: `An author named "${name}" exists` }));
    if (problems.length) throw new ValidationError(`Invalid author: ${problems.map((p) => p.field).join(', ')}`, problems);
  }
}
