import type { ChangeSet, EntityManager, EventSubscriber, FlushEventArgs, TransactionEventArgs } from '@mikro-orm/core';
import { ALL_TAG, ARTICLES_MODIFIED_TAG, ARTICLES_TAG, articleTag, BY_CATEGORY_TAG, categoryListTag, categoryTag, PARTNERS_TAG, partnerTag, SEARCH_TAG, standardsPageTag, TICKER_TAG } from '../lib/cache-tags.js';
import { holdReadsOnPrimary } from './read-replicas.js';

/** Entities whose rows readers see: a committed change to any of them changes pages and API reads. */
// Authors and corrections are shown on pages of their own (/authors, /corrections) whose reads record
// no finer tag: a change to one of them is announced with the tag every answer carries.
const PUBLIC_CONTENT = new Set(['Article', 'Category', 'BreakingNewsItem', 'Partner', 'Author', 'ArticleCorrection', 'StandardsPageText']);

/** `tags`: the cache tags of what changed (lib/cache-tags.ts); answers carrying any of them are stale. */
export type ContentChangeListener = (entities: readonly string[], tags: readonly string[]) => void;

const listeners = new Set<ContentChangeListener>();

/** Called after every committed change to public content, in this process. Returns an unsubscribe. */
export function onContentChange(listener: ContentChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * For writers that bypass the ORM's unit of work (raw SQL): tell the caches content changed. Without
 * `tags`, everything cached is stale.
 */
export function notifyContentChange(entities: readonly string[], tags: readonly string[] = [ALL_TAG]): void {
  // With read replicas: the next reads (pages rendered again) see the change on the primary.
  holdReadsOnPrimary();
  for (const listener of listeners) listener(entities, tags);
}

/** An article's fields that decide which lists hold it, and where. */
const LIST_FIELDS = ['status', 'publishedAt', 'category'];

const idOf = (value: unknown): unknown => (typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value);

/**
 * The tags one committed change makes stale. An article: its own pages and cards, searches, what
 * shows when articles changed; and, when it was created, deleted, published, withdrawn, rescheduled
 * or moved, the lists of all articles and of its old and new category.
 */
export function tagsOfChange(changeSet: ChangeSet<object>): string[] {
  const entity = changeSet.entity as Record<string, unknown>;
  const original = (changeSet.originalEntity ?? {}) as Record<string, unknown>;
  const id = idOf(entity.id) ?? original.id;
  switch (changeSet.meta.className) {
    case 'Article': {
      const tags = [ARTICLES_MODIFIED_TAG, SEARCH_TAG];
      if (id !== undefined && id !== null) tags.push(articleTag(String(id)));
      const moved = changeSet.type !== 'update' || LIST_FIELDS.some((field) => field in changeSet.payload);
      if (moved) {
        tags.push(ARTICLES_TAG);
        for (const category of new Set([idOf(original.category), idOf(entity.category)])) {
          if (category !== undefined && category !== null) tags.push(categoryListTag(String(category)));
        }
      }
      return tags;
    }
    case 'BreakingNewsItem':
      return [TICKER_TAG];
    case 'Partner':
      return id === undefined || id === null ? [PARTNERS_TAG] : [PARTNERS_TAG, partnerTag(String(id))];
    case 'StandardsPageText': {
      // The one page whose text it is (keyed by slug): its read records the same tag.
      const slug = entity.slug ?? original.slug;
      return typeof slug === 'string' ? [standardsPageTag(slug)] : [ALL_TAG];
    }
    case 'Category':
      // A new or removed category changes every page's navigation.
      return changeSet.type === 'update' && id !== undefined ? [categoryTag(String(id))] : [ALL_TAG];
    default:
      return [ALL_TAG];
  }
}

/** The tags of a scheduled article appearing (or a ticker headline leaving) at its time, with no write. */
export const SCHEDULED_TAGS: readonly string[] = [ARTICLES_TAG, BY_CATEGORY_TAG, ARTICLES_MODIFIED_TAG, SEARCH_TAG, TICKER_TAG];

/**
 * Watches every flush for public content and announces it once committed: at once for a flush
 * that commits by itself, after the transaction commits for a flush inside an explicit one.
 */
export class ContentChangeSubscriber implements EventSubscriber {
  private readonly pending = new WeakMap<EntityManager, { names: Set<string>; tags: Set<string> }>();

  onFlush({ em, uow }: FlushEventArgs): void {
    const changes = uow.getChangeSets().filter((changeSet) => PUBLIC_CONTENT.has(changeSet.meta.className));
    if (changes.length === 0) return;
    const pending = this.pending.get(em) ?? { names: new Set<string>(), tags: new Set<string>() };
    for (const changeSet of changes) {
      pending.names.add(changeSet.meta.className);
      for (const tag of tagsOfChange(changeSet)) pending.tags.add(tag);
    }
    this.pending.set(em, pending);
  }

  afterFlush({ em }: FlushEventArgs): void {
    if (!em.isInTransaction()) this.release(em);
  }

  afterTransactionCommit({ em }: TransactionEventArgs): void {
    this.release(em);
  }

  afterTransactionRollback({ em }: TransactionEventArgs): void {
    this.pending.delete(em);
  }

  private release(em: EntityManager): void {
    const pending = this.pending.get(em);
    if (!pending) return;
    this.pending.delete(em);
    notifyContentChange([...pending.names], [...pending.tags]);
  }
}
