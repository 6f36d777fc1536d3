import type { MikroORM } from '@mikro-orm/core';
import { type Clock, systemClock } from '../lib/clock.js';
import { notifyContentChange, onContentChange, SCHEDULED_TAGS } from './content-changes.js';
import { createServices } from './services.js';

/**
 * Content that changes by the clock, with no write: a scheduled article appears at its
 * publishedAt, a ticker headline leaves at its expiresAt. Readers' queries compare with the time
 * of the query, so they are always right; what must hear of it are the caches that keep answers
 * (the response cache drops everything on a content change) and the sitemap index's lastmod.
 *
 * This process keeps one timer armed for the next such moment and announces it as a content
 * change when it comes, a few milliseconds after. It learns of new moments from its own writes
 * (every content change re-reads the next one) and, for writes made by other processes, by
 * looking again every `pollMs`.
 */
export interface ScheduledContentOptions {
  /** How often the next moment is read again without a local write (other processes' writes). */
  pollMs?: number;
  /** A failed read (the database is away): the watcher tries again after pollMs. */
  onError?: (error: unknown) => void;
  /** The services' clock (lib/clock.ts): a moment is due when readers' reads would show it. */
  clock?: Clock;
}

export interface ScheduledContentWatcher {
  /** Settles once the first read is done (failed reads included): await it before serving. */
  readonly ready: Promise<void>;
  /** The moment the timer is armed for, if any (for tests and logs). */
  readonly nextAt: Date | null;
  /** Reads the next moment now and re-arms. */
  refresh(): Promise<void>;
  stop(): void;
}

export const DEFAULT_SCHEDULE_POLL_MS = 15_000;
/** Fire this long after the moment, so every clock reading at the announcement is past it. */
const MARGIN_MS = 5;
/** How far back the sitemap lastmod catch-up looks (a process that was down meanwhile). */
const CATCH_UP_MS = 24 * 3_600_000;

export function watchScheduledContent(orm: MikroORM, options: ScheduledContentOptions = {}): ScheduledContentWatcher {
  const pollMs = options.pollMs ?? DEFAULT_SCHEDULE_POLL_MS;
  const clock = options.clock ?? systemClock;
  let timer: NodeJS.Timeout | undefined;
  let nextAt: Date | null = null;
  let stopped = false;
  let reading: Promise<void> | null = null;
  let again = false;
  let lastAnnounced = new Date(clock().getTime() - CATCH_UP_MS);

  const arm = (delay: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(tick, Math.max(0, Math.min(delay, pollMs)));
    timer.unref();
  };

  const read = async () => {
    const now = clock();
    // The moment held has come but its timer has not run yet (a busy process): announce it first,
    // as reading again would look only past now and skip it.
    if (nextAt && nextAt.getTime() <= now.getTime()) {
      arm(0);
      return;
    }
    const services = createServices(orm.em.fork(), { clock });
    // One after the other: the watcher never holds more than one connection of the pool.
    const publication = await services.articles.nextScheduledPublication(now);
    const expiry = await services.breakingNews.nextExpiry(now);
    const next = [publication, expiry].filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
    nextAt = next;
    arm(next ? next.getTime() - clock().getTime() + MARGIN_MS : pollMs);
  };

  /** One read at a time; a request for another while one runs reads once more after it. */
  const refresh = async (): Promise<void> => {
    if (stopped) return;
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        try {
          await read();
        } catch (error) {
          options.onError?.(error);
          arm(pollMs);
        }
      } while (again && !stopped);
    })().finally(() => {
      reading = null;
    });
    return reading;
  };

  async function tick() {
    const due = nextAt;
    const now = clock();
    if (due && due.getTime() <= now.getTime()) {
      nextAt = null;
      try {
        await createServices(orm.em.fork(), { clock }).articles.markAppeared(lastAnnounced, now);
        lastAnnounced = now;
      } catch (error) {
        options.onError?.(error);
      }
      // Re-reads the next moment too (this module listens to content changes).
      notifyContentChange(['Article', 'BreakingNewsItem'], SCHEDULED_TAGS);
      return;
    }
    await refresh();
  }

  const stopListening = onContentChange(() => {
    void refresh();
  });
  const ready = refresh();

  return {
    ready,
    get nextAt() {
      return nextAt;
    },
    refresh,
    stop() {
      stopped = true;
      clearTimeout(timer);
      stopListening();
    },
  };
}
