import type { ServiceUnavailableError } from '../../../schema/src/index.js';

type LogLine = (fields: Record<string, unknown>, message: string) => void;

export interface DatabaseHealthOptions {
  /** pino's logger, or anything with its warn/info/debug(fields, message). */
  logger: { warn: LogLine; info: LogLine; debug: LogLine };
  /** True when the database answers (orm.checkConnection): polled while it is unreachable. */
  check: () => Promise<boolean>;
  /** How often an unreachable database is probed for its return. */
  pollMs?: number;
  /** How often refusals are summed up in one line while they go on. */
  summaryMs?: number;
  now?: () => number;
}

export interface DatabaseHealth {
  /**
   * A request failed with 503 (the database unreachable, its pool busy, a cancel): it was refused,
   * or answered with the last good copy (`stale`). `detail` (the driver's error) goes to debug.
   */
  refused(error: ServiceUnavailableError, detail?: unknown, outcome?: 'refused' | 'stale'): void;
  /** 'down' from the first refusal for an unreachable database until a probe answers. */
  readonly state: 'up' | 'down';
  stop(): void;
}

/**
 * Quiet, useful outage logs: one warning when the database becomes unreachable, one when it is
 * back ("database back after 12 s, 480 requests refused"), and while it lasts one line a minute
 * with the count of refused requests, instead of a stack trace per request. A busy pool (a full
 * wait queue) gets the same treatment. Each refusal's details stay at debug.
 */
export function createDatabaseHealth({ logger, check, pollMs = 1_000, summaryMs = 60_000, now = Date.now }: DatabaseHealthOptions): DatabaseHealth {
  let state: 'up' | 'down' = 'up';
  let downSince = 0;
  let refusedInOutage = 0;
  let staleInOutage = 0;
  let refusedInMinute = 0;
  let busyInMinute = 0;
  let otherInMinute = 0;
  let poll: NodeJS.Timeout | null = null;
  let stopped = false;

  const summary = setInterval(() => {
    if (state === 'down') {
      logger.warn(
        { downForSeconds: Math.round((now() - downSince) / 1000), refused: refusedInMinute },
        `database still unreachable: ${refusedInMinute} requests refused in the last minute`,
      );
    }
    if (busyInMinute > 0) logger.warn({ refused: busyInMinute }, `database pool busy: ${busyInMinute} requests refused in the last minute (queue full or no connection free in time)`);
    if (otherInMinute > 0) logger.warn({ refused: otherInMinute }, `${otherInMinute} requests refused with 503 in the last minute`);
    refusedInMinute = 0;
    busyInMinute = 0;
    otherInMinute = 0;
  }, summaryMs);
  summary.unref();

  const probe = () => {
    poll = setTimeout(async () => {
      const ok = await check().catch(() => false);
      if (stopped) return;
      if (!ok) return probe();
      const seconds = Math.round((now() - downSince) / 1000);
      const stale = staleInOutage ? `, ${staleInOutage} answered with last good copies` : '';
      logger.warn({ downForSeconds: seconds, refused: refusedInOutage, servedStale: staleInOutage }, `database back after ${seconds} s, ${refusedInOutage} requests refused${stale}`);
      state = 'up';
      poll = null;
    }, pollMs);
    poll.unref();
  };

  return {
    get state() {
      return state;
    },
    refused(error, detail, outcome = 'refused') {
      logger.debug({ err: detail ?? error, reason: error.reason, outcome }, error.message);
      if (error.reason === 'database-unreachable') {
        if (state === 'up') {
          refusedInOutage = 0;
          staleInOutage = 0;
        }
        if (outcome === 'stale') staleInOutage += 1;
        else {
          refusedInOutage += 1;
          refusedInMinute += 1;
        }
        if (state === 'up') {
          state = 'down';
          downSince = now();
          logger.warn({ cause: causeOf(detail) }, 'database unreachable: answering 503 (and last good copies where cached) until it is back');
          if (!stopped) probe();
        }
      } else if (error.reason === 'pool-busy') {
        if (busyInMinute === 0) logger.warn({ cause: causeOf(detail) }, 'database pool busy: refusing requests beyond the wait queue with 503');
        busyInMinute += 1;
      } else {
        otherInMinute += 1;
      }
    },
    stop() {
      stopped = true;
      clearInterval(summary);
      if (poll) clearTimeout(poll);
    },
  };
}

/** One line on what the driver said, never a stack. */
function causeOf(detail: unknown): string | undefined {
  const message = (detail as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message.split('\n')[0].slice(0, 200) : undefined;
}
