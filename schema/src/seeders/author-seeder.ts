import type { EntityManager } from '@mikro-orm/core';
import { Author } from '../modules/author/author.entity.js';
import { authors } from './data/authors.js';

/**
 * The launch authors' profiles: created when missing, and filled in where the byline migration left
 * a bare profile (no bio). A profile an editor has written is never overwritten. Idempotent.
 */
export async function seedAuthors(em: EntityManager): Promise<void> {
  const existing = new Map((await em.find(Author, { name: { $in: authors.map((a) => a.name) } })).map((row) => [row.name, row]));
  for (const seed of authors) {
    const profile = {
      role: seed.role,
      bio: seed.bio,
      categorySlugs: seed.categorySlugs,
      linkedinUrl: seed.linkedinUrl ?? null,
      websiteUrl: seed.websiteUrl ?? null,
      fediverseHandle: seed.fediverseHandle ?? null,
    };
    const row = existing.get(seed.name);
    if (!row) em.create(Author, { slug: seed.slug, name: seed.name, photoUrl: null, ...profile });
    else if (!row.bio) em.assign(row, profile);
  }
  await em.flush();
}
