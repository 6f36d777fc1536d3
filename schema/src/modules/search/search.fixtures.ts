import type { EntityManager } from '@mikro-orm/core';
import { coverPath } from '../../lib/cover-url.js';
import { Article } from '../article/article.entity.js';
import { Category } from '../category/category.entity.js';

/** An article a search test creates and asserts on; text fields default to neutral filler. */
export interface SearchFixture {
  key: string;
  title: string;
  excerpt?: string;
  content?: string;
  /** Category slug; created when missing. */
  category?: string;
  hoursAgo?: number;
}

const FILLER_EXCERPT = 'A short note for readers.';
const FILLER_CONTENT = 'Further details will follow as the story develops.';

/**
 * Stores search test articles (and any category they name) and returns their ids by key. Keys
 * become slugs, so a test file can call it more than once with distinct keys.
 */
export async function insertSearchFixtures(
  em: EntityManager,
  fixtures: SearchFixture[],
  now = new Date(),
): Promise<Record<string, number>> {
  const fork = em.fork();
  const slugs = [...new Set(fixtures.map((f) => f.category ?? 'search-tests'))];
  const existing = await fork.find(Category, { slug: { $in: slugs } });
  const bySlug = new Map(existing.map((c) => [c.slug, c]));
  let position = 100 + (await fork.count(Category, {}));
  for (const slug of slugs) {
    if (bySlug.has(slug)) continue;
    bySlug.set(
      slug,
      fork.create(Category, { name: `Search ${slug}`, slug, description: `Search tests: ${slug}.`, icon: 'Search', position: position++ }),
    );
  }
  const articles = fixtures.map((f) =>
    fork.create(Article, {
      slug: `search-${f.key}`,
      title: f.title,
      excerpt: f.excerpt ?? FILLER_EXCERPT,
      content: f.content ?? FILLER_CONTENT,
      category: bySlug.get(f.category ?? 'search-tests')!,
      author: 'Search Tests',
      publishedAt: new Date(now.getTime() - Math.round((f.hoursAgo ?? 1) * 3_600_000)),
      imageUrl: coverPath(`search-tests--${f.key}`),
      sourceUrl: null,
      isBreaking: false,
    }),
  );
  await fork.flush();
  return Object.fromEntries(fixtures.map((f, i) => [f.key, articles[i].id]));
}
