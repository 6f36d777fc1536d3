import type { MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { createServices, FEED_FETCH_DEFAULTS, type FeedFetchOptions } from '../../../schema/src/index.js';

export interface FeedIngestJobOptions {
  orm: MikroORM;
  logger: Logger;
  /** http(s) URLs, read in turn on every run. */
  feeds: readonly string[];
  intervalMs: number;
  /** The first run after start (default 5 s): never in the way of the first requests. */
  firstRunDelayMs?: number;
  /** Fetch limits; tests allow the loopback fixture server here. */
  fetch?: Omit<FeedFetchOptions, 'signal'>;
}

/** `ran`: this process ingested; `busy`: another process holds the lease; `skipped`: a run of this process is still going. */
export type FeedIngestOutcome = 'ran' | 'busy' | 'skipped';

export interface FeedIngestJob {
  /** One run now (what the timer calls); never rejects. */
  runNow(): Promise<FeedIngestOutcome>;
  /** No more runs; a run in flight has its fetches aborted and is awaited. */
  stop(): Promise<void>;
}

/** Most time one feed may take in a run: its fetch, then a minute of writes. */
const PER_FEED_MS = FEED_FETCH_DEFAULTS.timeoutMs + 60_000;

/**
 * INGEST_FEEDS every INGEST_INTERVAL_MINUTES: new items become drafts for editors to review.
 * One run at a time across every process sharing the database (a lease row, decision 022), and
 * in this process a tick that finds its previous run still going skips. A feed that fails is
 * logged and the others still run; nothing here throws.
 */
export function startFeedIngestJob({ orm, logger, feeds, intervalMs, firstRunDelayMs = 5_000, fetch = {} }: FeedIngestJobOptions): FeedIngestJob {
  const log = logger.child({ job: 'feed-ingest' });
  const stopping = new AbortController();
  // A process that dies mid-run keeps the others out for at most this long.
  const leaseMs = feeds.length * PER_FEED_MS + 60_000;
  let running: Promise<FeedIngestOutcome> | null = null;

  async function run(): Promise<FeedIngestOutcome> {
    try {
      const results = await createServices(orm.em.fork()).ingest.ingestExclusive(feeds, { ...fetch, signal: stopping.signal, leaseMs });
      if (results === null) {
        log.debug('another process is ingesting the feeds: skipped this run');
        return 'busy';
      }
      for (const { source, report, error } of results) {
        if (error) log.warn({ feed: source, err: { message: error.message } }, 'feed ingestion failed');
        if (!report) continue;
        const summary = { feed: source, added: report.added.length, duplicates: report.duplicates, failed: report.failed.length };
        if (report.failed.length) log.warn({ ...summary, failures: report.failed.slice(0, 10) }, 'feed ingested with failed items');
        else log.info(summary, 'feed ingested');
      }
      return 'ran';
    } catch (error) {
      // The database may be unreachable or closing: the next tick tries again.
      log.error({ err: error }, 'feed ingestion run failed');
      return 'ran';
    }
  }

  function runNow(): Promise<FeedIngestOutcome> {
    if (stopping.signal.aborted) return Promise.resolve('skipped');
    if (running) return Promise.resolve('skipped');
    running = run().finally(() => {
      running = null;
    });
    return running;
  }

  const first = setTimeout(() => void runNow(), firstRunDelayMs);
  const every = setInterval(() => void runNow(), intervalMs);
  first.unref();
  every.unref();

  return {
    runNow,
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      stopping.abort();
      await running;
    },
  };
}
