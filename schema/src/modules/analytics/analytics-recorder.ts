import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import { analyticsDay } from './analytics-day.js';
import { type AnalyticsBatch, AnalyticsService } from './analytics.service.js';
import type { PageTemplate } from './page-templates.js';
import type { VitalMetric } from './web-vitals.js';
import type { AgentName } from './agent-names.js';

/** One counted page view, as the gateway saw it. */
export interface PageViewHit {
  path: string;
  template: PageTemplate;
  articleId: number | null;
  /** `address + "\n" + user agent`: hashed as the view is recorded (visitorIdentity), never kept. */
  reader: string;
  referrerHost: string | null;
  country: string;
}

/** One read of the site's text for agents (a Markdown answer or /llms.txt). */
export interface AgentReadHit {
  agent: AgentName;
  path: string;
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
  /** Bytes pending counts may take, keys included (default 8 MiB): the bound while the database is away. */
  maxPendingBytes?: number;
}

export interface AnalyticsRecorder {
  recordView(hit: PageViewHit): void;
  recordVitals(hit: VitalsHit): void;
  recordAgentRead(hit: AgentReadHit): void;
  /** Writes everything pending now (resolves when written; rejects if the write failed). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is pending: nothing accepted is lost on a clean shutdown. */
  close(): Promise<void>;
  readonly now: () => Date;
  /**
   * `dropped`: parts of hits refused because the pending bytes were at their bound (the database
   * unreachable for long): a new page, visitor, referrer, country or vitals sample each; a hit that
   * only adds to a count already pending is never refused. `pendingBytes`: what is pending now.
   */
  readonly stats: { views: number; vitals: number; dropped: number; readonly pendingBytes: number };
}

/** Pending counts' bound in bytes, keys included: memory stays bounded while the database is away. */
export const DEFAULT_MAX_PENDING_BYTES = 8 * 1024 * 1024;
const DEFAULT_FLUSH_INTERVAL_MS = 5_000;
/** What a pending entry costs beside its key's characters: the map slot and its row object. */
const ENTRY_BYTES = 160;
/** What a vitals sample costs (an object of four fields in an array). */
const SAMPLE_BYTES = 96;

/** At most this many visitors per address a day, whatever user agents it sends. */
export const MAX_VISITORS_PER_ADDRESS = 3;

/**
 * Who a visitor is: the address (an IPv6 client by its /56) and one of three buckets of its user
 * agent. Two browsers behind one address are usually two visitors; a client that invents agents
 * makes at most three.
 */
export function visitorIdentity(reader: string): string {
  const cut = reader.indexOf('\n');
  const address = cut < 0 ? reader : reader.slice(0, cut);
  const agent = cut < 0 ? '' : reader.slice(cut + 1);
  const bucket = createHash('sha256').update(agent).digest()[0] % MAX_VISITORS_PER_ADDRESS;
  return `${address}\n${bucket}`;
}

const keyBytes = (key: string) => 2 * key.length + ENTRY_BYTES;

interface Pending {
  views: Map<string, AnalyticsBatch['views'][number]>;
  readers: Map<string, Set<string>>;
  referrers: Map<string, AnalyticsBatch['referrers'][number]>;
  countries: Map<string, AnalyticsBatch['countries'][number]>;
  countryMoves: Map<string, AnalyticsBatch['countryMoves'][number]>;
  vitals: AnalyticsBatch['vitals'];
  agentReads: Map<string, { day: string; agent: string; path: string; views: number }>;
  /** Estimated bytes of everything above, keys included. */
  bytes: number;
}

const empty = (): Pending => ({ views: new Map(), readers: new Map(), referrers: new Map(), countries: new Map(), countryMoves: new Map(), vitals: [], agentReads: new Map(), bytes: 0 });

/**
 * Counting must not slow page serving: hits are added up in memory and written every few seconds
 * as one transaction of upserts (AnalyticsService.record), and on close. A failed write keeps its
 * counts pending for the next.
 */
export function createAnalyticsRecorder(
  orm: MikroORM,
  { now = () => new Date(), flushIntervalMs = DEFAULT_FLUSH_INTERVAL_MS, onError, maxPendingBytes = DEFAULT_MAX_PENDING_BYTES }: AnalyticsRecorderOptions = {},
): AnalyticsRecorder {
  let pending = empty();
  let writing: Promise<void> = Promise.resolve();
  let purgedOn = '';
  const salts = new Map<string, string>();
  const stats = {
    views: 0,
    vitals: 0,
    agentReads: 0,
    dropped: 0,
    get pendingBytes() {
      return pending.bytes;
    },
  };
  /** Room for `bytes` more, else one more part dropped. */
  const room = (bytes: number) => {
    if (pending.bytes + bytes <= maxPendingBytes) return true;
    stats.dropped += 1;
    return false;
  };

  /** Adds to a pending count; a new key only while there is room for it. */
  const add = <T extends { views: number }>(map: Map<string, T>, key: string, row: T) => {
    const seen = map.get(key);
    if (seen) seen.views += row.views;
    else if (room(keyBytes(key))) {
      map.set(key, row);
      pending.bytes += keyBytes(key);
    }
  };

  const addVisitor = (day: string, visitor: string) => {
    let readers = pending.readers.get(day);
    if (readers?.has(visitor)) return;
    if (!room(keyBytes(visitor))) return;
    if (!readers) pending.readers.set(day, (readers = new Set<string>()));
    readers.add(visitor);
    pending.bytes += keyBytes(visitor);
  };

  /**
   * A visitor as kept in memory, hashed as the view is recorded (16 bytes of SHA-256 over the day and
   * visitorIdentity): no address or user agent is held, and every process keys a visitor alike. The
   * write hashes it once more with the day's random salt, which is deleted after its day.
   */
  const visitorKey = (day: string, reader: string) =>
    createHash('sha256').update(day).update('\n').update(visitorIdentity(reader)).digest('hex').slice(0, 32);

  const merge = (from: Pending) => {
    for (const [key, row] of from.views) add(pending.views, key, row);
    for (const [day, readers] of from.readers) for (const reader of readers) addVisitor(day, reader);
    for (const [key, row] of from.referrers) add(pending.referrers, key, row);
    for (const [key, row] of from.countries) add(pending.countries, key, row);
    for (const [key, row] of from.countryMoves) add(pending.countryMoves, key, row);
    for (const [key, row] of from.agentReads) add(pending.agentReads, key, row);
    for (const sample of from.vitals) {
      if (!room(SAMPLE_BYTES)) continue;
      pending.vitals.push(sample);
      pending.bytes += SAMPLE_BYTES;
    }
  };

  const write = async () => {
    const batch = pending;
    pending = empty();
    if (batch.bytes === 0) return;
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
          agentReads: [...batch.agentReads.values()].map(({ day, agent, path, views }) => ({ day, agent, path, reads: views })),
        },
        at,
      );
    } catch (error) {
      // Kept for the next flush, within the byte bound: what no longer fits is counted as dropped.
      const arrived = pending;
      pending = empty();
      merge(batch);
      merge(arrived);
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
      const day = analyticsDay(now());
      stats.views += 1;
      add(pending.views, `${day}\n${hit.path}`, { day, path: hit.path, template: hit.template, articleId: hit.articleId, views: 1 });
      addVisitor(day, visitorKey(day, hit.reader));
      if (hit.referrerHost) add(pending.referrers, `${day}\n${hit.referrerHost}`, { day, host: hit.referrerHost, views: 1 });
      add(pending.countries, `${day}\n${hit.country}`, { day, country: hit.country, views: 1 });
    },
    recordVitals(hit) {
      const day = analyticsDay(now());
      stats.vitals += 1;
      const bytes = hit.metrics.length * SAMPLE_BYTES;
      if (room(bytes)) {
        for (const metric of hit.metrics) pending.vitals.push({ day, template: hit.template, metric: metric.name, value: metric.value });
        pending.bytes += bytes;
      }
      if (hit.countryFromZone) add(pending.countryMoves, `${day}\n${hit.countryFromZone}`, { day, country: hit.countryFromZone, views: 1 });
    },
    recordAgentRead(hit) {
      const day = analyticsDay(now());
      stats.agentReads += 1;
      add(pending.agentReads, `${day}\n${hit.agent}\n${hit.path}`, { day, agent: hit.agent, path: hit.path, views: 1 });
    },
    flush,
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
