import { Agent, get } from 'node:http';
import pLimit from 'p-limit';

/** Pages rendered again after one purge at most, the most read first: the rest wait for a reader. */
export const REFRESHED_PER_PURGE = 16;
/** Pages waiting to be rendered again at most: past it a purge's pages are left to readers. */
export const MAX_WAITING = 64;
/** Renders at once: the readers' own requests keep the rest of the process. */
const AT_ONCE = 2;
/** How long a purge holds back the proxies for its pages: what is not rendered by then is left to run on. */
export const REFRESH_BUDGET_MS = 300;
/** How long the committing process waits for the other processes' renders: their budget, and a message each way. */
export const othersWaitMs = (budgetMs: number) => budgetMs + 50;
/** A render of one page taking longer than this is abandoned (the page waits for a reader). */
const REQUEST_TIMEOUT_MS = 5_000;

export interface PageRefresher {
  /** Where this process listens, for its requests to itself; until it is told, nothing is refreshed. */
  serving(origin: string): void;
  /**
   * Renders these pages again through this process (each stored as any miss is, here and in
   * Redis); resolves once they are answered or the budget (REFRESH_BUDGET_MS) has passed, whichever comes first.
   */
  refresh(urls: readonly string[]): Promise<void>;
  readonly stats: { refreshed: number; failed: number; skipped: number };
  close(): void;
}

export interface PageRefresherOptions {
  budgetMs?: number;
  /**
   * Settles once the page's answer is stored (response-cache.ts `landed`): it is compressed and kept
   * after its last byte is sent, and the other processes look for it in Redis.
   */
  landed?: (url: string) => Promise<unknown>;
}

/**
 * After a write, the pages it purged from a process's cache are rendered again at once by that
 * process, before the committing process tells the proxies (decision 138): the proxies'
 * next misses then find them ready in this process or in Redis, and no reader waits for the
 * render of the home page after a publish. Each is a plain anonymous GET to the process's own
 * listener (no user agent: never counted as a page view), so it is rendered, limited and stored
 * exactly as a reader's miss would be.
 */
export function createPageRefresher({ budgetMs = REFRESH_BUDGET_MS, landed }: PageRefresherOptions = {}): PageRefresher {
  let origin: string | null = null;
  const agent = new Agent({ keepAlive: true, maxSockets: AT_ONCE });
  const limit = pLimit(AT_ONCE);
  /** Pages queued or being rendered: a page purged again meanwhile is not asked for twice. */
  const waiting = new Set<string>();
  const stats = { refreshed: 0, failed: 0, skipped: 0 };

  const render = (url: string) =>
    new Promise<void>((resolve) => {
      const request = get(`${origin}${url}`, { agent, headers: { accept: '*/*', 'accept-encoding': 'gzip' }, timeout: REQUEST_TIMEOUT_MS }, (res) => {
        if (res.statusCode === 200) stats.refreshed += 1;
        else stats.failed += 1;
        res.resume();
        res.once('end', () => void (landed?.(url) ?? Promise.resolve()).finally(resolve));
        res.once('error', resolve);
      });
      request.once('timeout', () => request.destroy());
      request.once('error', () => {
        stats.failed += 1;
        resolve();
      });
    });

  return {
    serving(at) {
      origin = at.replace(/\/$/, '');
    },
    refresh(urls) {
      if (!origin || urls.length === 0) return Promise.resolve();
      const jobs: Promise<void>[] = [];
      for (const url of urls.slice(0, REFRESHED_PER_PURGE)) {
        if (waiting.has(url)) continue;
        if (waiting.size >= MAX_WAITING) {
          stats.skipped += 1;
          continue;
        }
        waiting.add(url);
        jobs.push(limit(() => render(url)).finally(() => waiting.delete(url)));
      }
      stats.skipped += Math.max(0, urls.length - REFRESHED_PER_PURGE);
      if (jobs.length === 0) return Promise.resolve();
      let timer: NodeJS.Timeout | undefined;
      const budget = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, budgetMs);
        timer.unref();
      });
      return Promise.race([Promise.all(jobs).then(() => undefined), budget]).finally(() => clearTimeout(timer));
    },
    stats,
    close() {
      limit.clearQueue();
      agent.destroy();
    },
  };
}
