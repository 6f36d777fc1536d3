import type { MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { type Clock, createServices, type DigestRunReport, type NewsletterSettings } from '../../../schema/src/index.js';

export interface DigestJobOptions {
  orm: MikroORM;
  logger: Logger;
  newsletter: NewsletterSettings;
  /** How often the job looks for a due digest (default a minute). */
  intervalMs?: number;
  clock?: Clock;
  batchSize?: number;
}

/** `ran`: this process queued; `busy`: another process holds the lease; `skipped`: a run of this process is still going. */
export type DigestJobOutcome = { outcome: 'ran'; report: DigestRunReport } | { outcome: 'busy' | 'skipped' | 'failed' };

/**
 * Queues the morning digests into the outbox (which sends them through SMTP with retries): one
 * process at a time across all sharing the database (a lease row, as feed ingestion), a tick that
 * finds its previous run still going skips. Nothing here throws.
 */
export function startDigestJob({ orm, logger, newsletter, intervalMs = 60_000, clock, batchSize }: DigestJobOptions) {
  const log = logger.child({ job: 'newsletter-digest' });
  let running: Promise<DigestJobOutcome> | null = null;
  let stopped = false;

  async function run(): Promise<DigestJobOutcome> {
    try {
      const report = await createServices(orm.em.fork(), { newsletter, clock }).newsletterDigests.queueDue({ batchSize });
      if (!report) return { outcome: 'busy' };
      for (const digest of report.digests) if (digest.queued) log.info(digest, 'newsletter digest queued');
      if (report.bodiesDeleted) log.info({ bodiesDeleted: report.bodiesDeleted }, 'sent digest bodies deleted');
      return { outcome: 'ran', report };
    } catch (error) {
      log.error({ err: error }, 'queuing the newsletter digest failed; the next tick tries again');
      return { outcome: 'failed' };
    }
  }

  function runNow(): Promise<DigestJobOutcome> {
    if (stopped || running) return Promise.resolve({ outcome: 'skipped' });
    running = run().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => void runNow(), intervalMs);
  timer.unref();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
