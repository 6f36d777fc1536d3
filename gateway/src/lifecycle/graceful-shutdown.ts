import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';

export interface ShutdownOptions {
  server: Server;
  readiness: { ready: boolean };
  /** How long /readyz answers 503 while still serving, so load balancers move traffic away. */
  graceMs: number;
  /** The most in-flight requests get to finish before their work is cancelled and connections are cut. */
  timeoutMs: number;
  /**
   * Runs when the timeout passes with requests still running, before any socket closes: stops
   * commits and cancels the requests' work on the database side, so nothing commits unanswered.
   */
  cancelInFlight?: () => Promise<unknown>;
  /** After the cancel, how long requests get to send their (error) answers before sockets close. */
  answerMs?: number;
  /** Closed after the last request: Apollo, the outbox worker, the database; together bounded by closeMs. */
  closers: (() => Promise<unknown>)[];
  closeMs?: number;
  logger: Pick<Logger, 'info' | 'warn'>;
}

/** The promise's outcome, or `fallback` once `ms` have passed (the promise is left to settle alone). */
async function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  const controller = new AbortController();
  try {
    return await Promise.race([promise, sleep(Math.max(0, ms), fallback, { signal: controller.signal })]);
  } finally {
    controller.abort();
  }
}

/** The longest a shutdown takes after the grace period: the timeout plus the answer and close margins. */
export function shutdownBudgetMs({ timeoutMs, answerMs = 1_000, closeMs = 1_000 }: Pick<ShutdownOptions, 'timeoutMs' | 'answerMs' | 'closeMs'>): number {
  return timeoutMs + 2 * answerMs + closeMs;
}

/**
 * SIGTERM handling with a hard limit: readiness fails first, then no new connections, in-flight
 * requests finish within the timeout. Past it, their database work is cancelled (statements
 * cancelled, open transactions rolled back, no new commits) and they get a moment to answer (503)
 * before the sockets close, so nothing is committed without an answer; then dependencies close,
 * each within what is left of closeMs. Resolves with true when everything drained in time.
 */
export function createShutdown({ server, readiness, graceMs, timeoutMs, cancelInFlight, answerMs = 1_000, closers, closeMs = 1_000, logger }: ShutdownOptions) {
  let done: Promise<boolean> | null = null;
  return (signal: string): Promise<boolean> => {
    done ??= (async () => {
      logger.info({ signal }, 'shutting down: readiness off');
      readiness.ready = false;
      await sleep(graceMs);
      const drained = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
      server.closeIdleConnections();
      const clean = await within(drained, timeoutMs, false as const);
      if (!clean) {
        logger.warn({ timeoutMs }, 'in-flight requests did not finish in time: cancelling their database work');
        if (cancelInFlight) {
          const cancelled = await within(
            cancelInFlight().catch((error: unknown) => logger.warn({ err: error }, 'cancelling database work failed')),
            answerMs,
            'timed out' as const,
          );
          if (cancelled === 'timed out') logger.warn({ answerMs }, 'cancelling database work did not finish in time');
          else if (cancelled) logger.info({ report: cancelled }, 'database work cancelled');
        }
        const answered = await within(drained, answerMs, false as const);
        if (!answered) logger.warn({ answerMs }, 'requests still open after the cancel: closing their connections');
        server.closeAllConnections();
      }
      const closeBy = Date.now() + closeMs;
      for (const close of closers) {
        const result = await within(
          close().catch((error: unknown) => logger.warn({ err: error }, 'close failed')),
          closeBy - Date.now(),
          'timed out' as const,
        );
        if (result === 'timed out') logger.warn({ closeMs }, 'a dependency did not close in time');
      }
      logger.info('shutdown complete');
      return clean;
    })();
    return done;
  };
}
