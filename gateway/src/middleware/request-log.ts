import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { clientAddressKey } from '../security/rate-limits.js';

declare module 'http' {
  interface IncomingMessage {
    /** The server's logger, for handlers that report a problem with the request at hand. */
    log?: Logger;
  }
}

export interface RequestLogOptions {
  /** A request slower than this is logged at warn, whatever its status. */
  slowMs?: number;
  /** The share of ordinary successful requests logged at info (0..1). */
  sampleRate?: number;
  /** How often the refusals and unlogged client errors are summed up in one line (default a minute; 0: only by `summarise()`). */
  summaryIntervalMs?: number;
  /** The clock of the per-address windows (tests move it). */
  now?: () => number;
}

/** Characters of a URL a log line keeps; the rest is counted, not written. */
export const LOG_URL_MAX = 256;
/** A client error (4xx) line per address per this long at most; the rest are counted in the summary. */
export const CLIENT_ERROR_LOG_WINDOW_MS = 60_000;
/** Bytes the per-address windows take at most, keys included (least recently seen go first). */
export const CLIENT_ERROR_LOG_BYTES = 512 * 1024;
/** Distinct addresses a summary counts exactly; past this it says "at least". */
const SUMMARY_ADDRESSES_MAX = 10_000;

/** A URL as a log line keeps it: at most LOG_URL_MAX characters, and how many more there were. */
export function logUrl(url: string): string {
  return url.length <= LOG_URL_MAX ? url : `${url.slice(0, LOG_URL_MAX)}…(+${url.length - LOG_URL_MAX} chars)`;
}

/** Requests of one kind since the last summary, and the distinct addresses they came from (capped). */
class Tally {
  count = 0;
  readonly addresses = new Set<string>();

  add(address: string): void {
    this.count += 1;
    if (this.addresses.size < SUMMARY_ADDRESSES_MAX) this.addresses.add(address);
  }

  describe(): string {
    const addresses = this.addresses.size;
    return `${addresses >= SUMMARY_ADDRESSES_MAX ? 'at least ' : ''}${addresses} address${addresses === 1 ? '' : 'es'}`;
  }

  reset(): void {
    this.count = 0;
    this.addresses.clear();
  }
}

export type RequestLogHandler = RequestHandler & {
  /** Writes the summary lines of refusals and unlogged client errors since the last, if any. */
  summarise(): void;
  /** Stops the summary timer. */
  close(): void;
};

/**
 * Structured request logs that cost almost nothing on the hot path, and stay small under a flood:
 * failed (5xx) and slow requests are always logged, a sample of the rest. A client error (4xx) is
 * logged at info once per address a minute; 429s are never logged one by one. Both are summed up
 * once a minute ("N requests refused with 429 in the last minute from M addresses"), like the outage
 * lines. URLs are cut to LOG_URL_MAX characters. Health probes are never logged. A 503 (the database
 * unreachable, the pool busy, a full render queue) is logged at debug only: refusals come in floods
 * during an outage and are summed up by the outage log (lifecycle/database-health.ts).
 */
export function requestLog(logger: Logger, { slowMs = 1_000, sampleRate = 0.01, summaryIntervalMs = 60_000, now = Date.now }: RequestLogOptions = {}): RequestLogHandler {
  const lastLogged = new LRUCache<string, number>({ maxSize: CLIENT_ERROR_LOG_BYTES, sizeCalculation: (_at, key) => 2 * key.length + 64 });
  const refused = new Tally();
  const unlogged = new Tally();
  /** Whether this address may have a client-error line now: one per window. */
  const mayLog = (address: string) => {
    const at = now();
    const last = lastLogged.get(address);
    if (last !== undefined && at - last < CLIENT_ERROR_LOG_WINDOW_MS) return false;
    lastLogged.set(address, at);
    return true;
  };
  const minutes = Math.max(1, Math.round(summaryIntervalMs / 60_000));
  const span = minutes === 1 ? 'the last minute' : `the last ${minutes} minutes`;
  const summarise = () => {
    if (refused.count) logger.warn({ refused: refused.count }, `${refused.count} requests refused with 429 in ${span} from ${refused.describe()}`);
    if (unlogged.count) logger.info({ clientErrors: unlogged.count }, `${unlogged.count} more client errors (4xx) not logged one by one in ${span} from ${unlogged.describe()}`);
    refused.reset();
    unlogged.reset();
  };
  const timer = summaryIntervalMs > 0 ? setInterval(summarise, summaryIntervalMs) : null;
  timer?.unref();

  const handler: RequestHandler = (req, res, next) => {
    req.log = logger;
    if (req.url === '/healthz' || req.url === '/readyz') return next();
    const started = performance.now();
    // As it came: a handler may answer a HEAD as a GET without its body.
    const method = req.method;
    // `on`, not `once`: an answer finishes once, and `once` wraps every request's listener again.
    res.on('finish', () => {
      const ms = Math.round(performance.now() - started);
      const status = res.statusCode;
      if (status === 429) return refused.add(clientAddressKey(req));
      if (status >= 400 && status < 500) {
        const address = clientAddressKey(req);
        if (!mayLog(address)) return unlogged.add(address);
        logger.info({ method, url: logUrl(req.originalUrl), status, ms }, 'request');
        return;
      }
      const entry = () => ({ method, url: logUrl(req.originalUrl), status, ms });
      if (status === 503) logger.debug(entry(), 'request refused');
      else if (status >= 500) logger.error(entry(), 'request failed');
      else if (ms >= slowMs) logger.warn(entry(), 'slow request');
      else if (Math.random() < sampleRate) logger.info(entry(), 'request');
    });
    next();
  };
  return Object.assign(handler, {
    summarise,
    close() {
      if (timer) clearInterval(timer);
    },
  });
}
