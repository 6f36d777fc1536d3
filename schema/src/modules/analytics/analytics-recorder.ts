import type { MikroORM } from '@mikro-orm/core';
import { analyticsDay } from './analytics-day.js';
import { type AnalyticsBatch, AnalyticsService } from './analytics.service.js';
import type { PageTemplate } from './page-templates.js';
import type { VitalMetric } from './web-vitals.js';

/** One counted page view, as the gateway saw it. */
export interface PageViewHit {
  path: string;
  template: PageTemplate;
  articleId: number | null;
  /** `ip + "\n" + user agent`: held in memory until the next flush hashes it, never stored. */
  reader: string;
  referrerHost: string | null;
  country: string;
}

/** One browser's Web Vitals report for a page. */
export interface VitalsHit {
  template: PageTemplate;
  metrics: { name: VitalMetric; value: number }[];
  /** The country the browser's time zone tells, when its Accept-Language told none: one view moves there from `unknown`. */
  countryFromZone: string | null;
}

export interface AnalyticsRecorderOptions {
  /** The clock that decides each hit's day (tests move it across midnight). */
  now?: () => Date;
  /** How often pending counts are written (default 5 s). 0: only by `flush()` and `close()`. */
  flushIntervalMs?: number;
  /** Hears a failed write; the batch stays pending and is tried again with the next. */
  onError?: (error: unknown) => void;
}

export interface AnalyticsRecorder {
  recordView(hit: PageViewHit): void;
  recordVitals(hit: VitalsHit): void;
  /** Writes everything pending now (resolves when written; rejects if the write failed). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is pending: nothing accepted is lost on a clean shutdown. */
  close(): Promise<void>;
  readonly now: () => Date;
  /** Hits refused because too much was pending (the database unreachable for long). */
  readonly stats: { views: number; vitals: number; dropped: number };
}

/** Pending entries at most (distinct keys and samples): memory stays bounded while the database is away. */
const MAX_PENDING = 200_000;
const DEFAULT_FLUSH_INTERVAL_MS = 5_000;

interface Pending {
  views: Map<string, AnalyticsBatch['views'][number]>;
  readers: Map<string, Set<string>>;
  referrers: Map<string, AnalyticsBatch['referrers'][number]>;
  countries: Map<string, AnalyticsBatch['countries'][number]>;
  countryMoves: Map<string, AnalyticsBatch['countryMoves'][number]>;
  vitals: AnalyticsBatch['vitals'];
  size: number;
}

const empty = (): Pending => ({ views: new Map(), readers: new Map(), referrers: new Map(), countries: new Map(), countryMoves: new Map(), vitals: [], size: 0 });

function add<T extends { views: number }>(map: Map<string, T>, key: string, row: T, pending: Pending): void {
  const seen = map.get(key);
  if (seen) seen.views += row.views;
  else {
    map.set(key, row);
    pending.size += 1;
  }
}

/**
 * Counting must not slow page serving: hits are added up in memory and written every few seconds
 * as one transaction of upserts (AnalyticsService.record), and on close. A failed write keeps its
 * counts pending for the next.
 */
export function createAnalyticsRecorder(orm: MikroORM, { now = () => new Date(), flushIntervalMs = DEFAULT_FLUSH_INTERVAL_MS, onError }: AnalyticsRecorderOptions = {}): AnalyticsRecorder {
  let pending = empty();
  let writing: Promise<void> = Promise.resolve();
  let purgedOn = '';
  const salts = new Map<string, string>();
  const stats = { views: 0, vitals: 0, dropped: 0 };

  const full = () => {
    if (pending.size < MAX_PENDING) return false;
    stats.dropped += 1;
    return true;
  };

  const merge = (from: Pending) => {
    for (const [key, row] of from.views) add(pending.views, key, row, pending);
    for (const [day, readers] of from.readers) {
      const into = pending.readers.get(day) ?? new Set<string>();
      for (const reader of readers) into.add(reader);
      pending.readers.set(day, into);
    }
    for (const [key, row] of from.referrers) add(pending.referrers, key, row, pending);
    for (const [key, row] of from.countries) add(pending.countries, key, row, pending);
    for (const [key, row] of from.countryMoves) add(pending.countryMoves, key, row, pending);
    pending.vitals.push(...from.vitals);
    pending.size += from.vitals.length;
  };

  const write = async () => {
    const batch = pending;
    pending = empty();
    if (batch.size === 0) return;
    const at = now();
    const service = new AnalyticsService(orm.em.fork(), salts);
    try {
      await service.record(
        {
          views: [...batch.views.values()],
          readers: [...batch.readers].map(([day, readers]) => ({ day, readers: [...readers] })),
          referrers: [...batch.referrers.values()],
          countries: [...batch.countries.values()],
          countryMoves: [...batch.countryMoves.values()],
          vitals: batch.vitals,
        },
        at,
      );
    } catch (error) {
      // Kept for the next flush, within the memory bound.
      if (pending.size + batch.size <= MAX_PENDING) merge(batch);
      else stats.dropped += batch.size;
      throw error;
    }
    const today = analyticsDay(at);
    if (purgedOn !== today) {
      purgedOn = today;
      await service.purgeOldVitals(at);
    }
  };

  const flush = () => {
    // One write at a time, in order.
    const next = writing.then(write, write);
    writing = next.catch(() => undefined);
    return next;
  };

  const timer = flushIntervalMs > 0 ? setInterval(() => flush().catch((error: unknown) => onError?.(error)), flushIntervalMs) : null;
  timer?.unref();

  return {
    now,
    stats,
    recordView(hit) {
      if (full()) return;
      const day = analyticsDay(now());
      stats.views += 1;
      add(pending.views, `${day}\n${hit.path}`, { day, path: hit.path, template: hit.template, articleId: hit.articleId, views: 1 }, pending);
      const readers = pending.readers.get(day) ?? new Set<string>();
      if (!readers.has(hit.reader)) {
        readers.add(hit.reader);
        pending.size += 1;
      }
      pending.readers.set(day, readers);
      if (hit.referrerHost) add(pending.referrers, `${day}\n${hit.referrerHost}`, { day, host: hit.referrerHost, views: 1 }, pending);
      add(pending.countries, `${day}\n${hit.country}`, { day, country: hit.country, views: 1 }, pending);
    },
    recordVitals(hit) {
      if (full()) return;
      const day = analyticsDay(now());
      stats.vitals += 1;
      for (const metric of hit.metrics) pending.vitals.push({ day, template: hit.template, metric: metric.name, value: metric.value });
      pending.size += hit.metrics.length;
      if (hit.countryFromZone) add(pending.countryMoves, `${day}\n${hit.countryFromZone}`, { day, country: hit.countryFromZone, views: 1 }, pending);
    },
    flush,
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
