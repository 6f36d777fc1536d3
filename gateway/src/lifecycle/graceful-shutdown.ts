import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';

export interface ShutdownOptions {
  server: Server;
  readiness: { ready: boolean };
  /** How long /readyz answers 503 while still serving, so load balancers move traffic away. */
  graceMs: number;
  /** The most in-flight requests get to finish before connections are cut. */
  timeoutMs: number;
  /** Closed after the last request: Apollo, the outbox worker, the database. */
  closers: (() => Promise<unknown>)[];
  logger: Pick<Logger, 'info' | 'warn'>;
}

/**
 * SIGTERM handling: readiness fails first, then no new connections, in-flight requests finish
 * (bounded), then dependencies close. Resolves with true when everything drained in time.
 */
export function createShutdown({ server, readiness, graceMs, timeoutMs, closers, logger }: ShutdownOptions) {
  let done: Promise<boolean> | null = null;
  return (signal: string): Promise<boolean> => {
    done ??= (async () => {
      logger.info({ signal }, 'shutting down: readiness off');
      readiness.ready = false;
      await sleep(graceMs);
      const drained = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
      server.closeIdleConnections();
      const timedOut = sleep(timeoutMs, false as const);
      const clean = await Promise.race([drained, timedOut]);
      if (!clean) {
        logger.warn({ timeoutMs }, 'in-flight requests did not finish in time; closing connections');
        server.closeAllConnections();
      }
      for (const close of closers) await close().catch((error: unknown) => logger.warn({ err: error }, 'close failed'));
      logger.info('shutdown complete');
      return clean;
    })();
    return done;
  };
}
