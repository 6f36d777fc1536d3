import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import { STOCK_COVER_KEYS } from './cover-request.js';

/** Whether an article's cover uses this key; the request gives access to its services. */
export type CoverKeyLookup = (key: string, req: Request) => Promise<boolean>;

export interface CoverCatalogOptions {
  lookup: CoverKeyLookup;
  /** Answers remembered, known and unknown keys alike. */
  maxEntries?: number;
  /** How long an answer is trusted; a key published meanwhile renders after this at the latest. */
  ttlMs?: number;
}

/**
 * The cover keys the site uses: the stock pool the web app falls back to, and the keys of
 * articles' covers (asked of the article service, each answer remembered briefly). Only these
 * are ever rendered, so inventing keys costs a lookup, never a render.
 */
export class CoverCatalog {
  private readonly answers: LRUCache<string, boolean, Request>;

  constructor({ lookup, maxEntries = 10_000, ttlMs = 60_000 }: CoverCatalogOptions) {
    this.answers = new LRUCache<string, boolean, Request>({
      max: maxEntries,
      ttl: ttlMs,
      // fetch() shares one lookup between concurrent requests for the same key; an answer whose
      // entry was evicted meanwhile (a burst of other keys) still reaches the requests waiting for it.
      fetchMethod: (key, _stale, { context }) => lookup(key, context),
      ignoreFetchAbort: true,
    });
  }

  /** true or false when the answer is known without asking the database; undefined otherwise. */
  known(key: string): boolean | undefined {
    return STOCK_COVER_KEYS.has(key) ? true : this.answers.get(key);
  }

  async exists(key: string, req: Request): Promise<boolean> {
    return this.known(key) ?? (await this.answers.fetch(key, { context: req })) ?? false;
  }
}
