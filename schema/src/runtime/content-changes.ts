import type { EntityManager, EventSubscriber, FlushEventArgs, TransactionEventArgs } from '@mikro-orm/core';
import { holdReadsOnPrimary } from './read-replicas.js';

/** Entities whose rows readers see: a committed change to any of them changes pages and API reads. */
const PUBLIC_CONTENT = new Set(['Article', 'Category', 'BreakingNewsItem', 'Partner']);

export type ContentChangeListener = (entities: readonly string[]) => void;

const listeners = new Set<ContentChangeListener>();

/** Called after every committed change to public content, in this process. Returns an unsubscribe. */
export function onContentChange(listener: ContentChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For writers that bypass the ORM's unit of work (raw SQL): tell the caches content changed. */
export function notifyContentChange(entities: readonly string[]): void {
  // With read replicas: the next reads (pages rendered again) see the change on the primary.
  holdReadsOnPrimary();
  for (const listener of listeners) listener(entities);
}

/**
 * Watches every flush for public content and announces it once committed: at once for a flush
 * that commits by itself, after the transaction commits for a flush inside an explicit one.
 */
export class ContentChangeSubscriber implements EventSubscriber {
  private readonly pending = new WeakMap<EntityManager, Set<string>>();

  onFlush({ em, uow }: FlushEventArgs): void {
    const names = uow.getChangeSets().map((changeSet) => changeSet.meta.className).filter((name) => PUBLIC_CONTENT.has(name));
    if (names.length === 0) return;
    const set = this.pending.get(em) ?? new Set<string>();
    for (const name of names) set.add(name);
    this.pending.set(em, set);
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
    const names = this.pending.get(em);
    if (!names) return;
    this.pending.delete(em);
    notifyContentChange([...names]);
  }
}
