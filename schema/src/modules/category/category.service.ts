import { categoryTag, recordCacheTags } from '../../lib/cache-tags.js';
import type { EntityManager } from '@mikro-orm/core';
import { NotFoundError } from '../../lib/errors.js';
import { Category } from './category.entity.js';

export interface CategoryView {
  id: number;
  name: string;
  slug: string;
  description: string;
  icon: string;
}

export function toCategoryView(category: Category): CategoryView {
  recordCacheTags(categoryTag(category.id));
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    description: category.description,
    icon: category.icon,
  };
}

export class CategoryService {
  /** A page asks for the categories from several places (its content, the footer): read once per request. */
  private listing: Promise<CategoryView[]> | null = null;

  constructor(private readonly em: EntityManager) {}

  list(): Promise<CategoryView[]> {
    this.listing ??= this.em.find(Category, {}, { orderBy: { position: 'asc' } }).then(
      (rows) => rows.map(toCategoryView),
      (error: unknown) => {
        // A failed read is not remembered: the next caller asks the database again.
        this.listing = null;
        throw error;
      },
    );
    return this.listing;
  }

  async findBySlug(slug: string): Promise<CategoryView | null> {
    if (!isPlausibleName(slug)) return null;
    const row = await this.em.findOne(Category, { slug: slug.trim().toLowerCase() });
    return row ? toCategoryView(row) : null;
  }

  /** For the REST path, which names a category by its display name ("AR/VR & Metaverse"); slugs are accepted too. */
  async getByNameOrSlug(nameOrSlug: string): Promise<CategoryView> {
    const wanted = nameOrSlug.trim();
    if (!isPlausibleName(wanted)) throw new NotFoundError(`Category "${wanted.slice(0, 100)}" not found`);
    const row = await this.em.findOne(Category, {
      $or: [{ name: { $ilike: escapeLike(wanted) } }, { slug: wanted.toLowerCase() }],
    });
    if (!row) throw new NotFoundError(`Category "${wanted}" not found`);
    return toCategoryView(row);
  }

  async getBySlug(slug: string): Promise<CategoryView> {
    const found = await this.findBySlug(slug);
    if (!found) throw new NotFoundError(`Category "${slug}" not found`);
    return found;
  }
}

/** No category name has control characters or runs to hundreds of characters; PostgreSQL refuses NUL. */
function isPlausibleName(value: string): boolean {
  return value.length > 0 && value.length <= 200 && !/[\u0000-\u001F\u007F]/.test(value);
}

/** $ilike is used for a case-insensitive equality, so LIKE wildcards in the input must be literal. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
