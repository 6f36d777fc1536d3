import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Cache tags (surrogate keys): the content an answer was built from, recorded by the reads that
 * fetched it, so a write purges exactly the answers that show what it changed (decision 085).
 *
 * - `article:<id>`: an article shown, whole or as a card;
 * - `articles`: a list of all articles (home, feeds, the news sitemap, latest);
 * - `articles:<categoryId>`: a list of one category's articles; `articles:by-category` on each of them;
 * - `articles:modified`: what shows when articles last changed (the sitemap index, the categories sitemap);
 * - `search`: a search answer; `ticker`: the breaking-news ticker;
 * - `category:<id>`: a category's own fields (name, description); `partner:<id>` and `partners`;
 * - `replies:<articleId>`: an article's approved replies from the fediverse (approving one purges it);
 * - `standards:<slug>`: the owner's text of a standards page (`standards:ownership`);
 * - `all`: an answer whose tags overflowed; every write purges it.
 */
export const ALL_TAG = 'all';
export const ARTICLES_TAG = 'articles';
export const ARTICLES_MODIFIED_TAG = 'articles:modified';
export const BY_CATEGORY_TAG = 'articles:by-category';
export const SEARCH_TAG = 'search';
export const TICKER_TAG = 'ticker';
export const PARTNERS_TAG = 'partners';

export const articleTag = (id: number | string): string => `article:${id}`;
export const categoryListTag = (categoryId: number | string): string => `articles:${categoryId}`;
export const categoryTag = (id: number | string): string => `category:${id}`;
export const partnerTag = (id: number | string): string => `partner:${id}`;
export const fediverseRepliesTag = (articleId: number | string): string => `replies:${articleId}`;
export const standardsPageTag = (slug: string): string => `standards:${slug}`;

/**
 * An answer's tags are sent in one header line: past this many bytes the answer is tagged `all`
 * instead (Fastly takes 16 kB of Surrogate-Key, Cloudflare 16 kB of Cache-Tag; Varnish's header
 * buffers are 8 kB by default).
 */
export const MAX_TAG_BYTES = 4_096;

/** The tags one answer gathers while it is built; bounded by MAX_TAG_BYTES. */
export class CacheTagCollector {
  private readonly tags = new Set<string>();
  private bytes = 0;
  private overflowed = false;

  add(tag: string): void {
    if (this.overflowed || this.tags.has(tag)) return;
    this.bytes += tag.length + 1;
    if (this.bytes > MAX_TAG_BYTES) {
      this.overflowed = true;
      this.tags.clear();
      return;
    }
    this.tags.add(tag);
  }

  /** The tags, sorted (the same answer always sends the same header), or [`all`] after an overflow. */
  list(): string[] {
    return this.overflowed ? [ALL_TAG] : [...this.tags].sort();
  }
}

const current = new AsyncLocalStorage<CacheTagCollector>();

/** Runs `fn` with `collector` gathering every tag recorded by the reads it makes. */
export function collectCacheTags<T>(collector: CacheTagCollector, fn: () => T): T {
  return current.run(collector, fn);
}

/** Records what a read fetched, for the answer being built (nothing outside one). */
export function recordCacheTags(...tags: string[]): void {
  const collector = current.getStore();
  if (collector) for (const tag of tags) collector.add(tag);
}
