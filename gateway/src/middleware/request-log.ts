import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

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
}

/**
 * Structured request logs that cost almost nothing on the hot path: failed (5xx) and slow requests
 * are always logged, client errors (4xx) at info, and a sample of the rest; no per-request child
 * logger or serializers. Health probes are never logged. A 503 (the database unreachable, the pool
 * busy, a full render queue) is logged at debug only: refusals come in floods during an outage and
 * are summed up by the outage log (lifecycle/database-health.ts), a line per state change.
 */
export function requestLog(logger: Logger, { slowMs = 1_000, sampleRate = 0.01 }: RequestLogOptions = {}): RequestHandler {
  return (req, res, next) => {
    req.log = logger;
    if (req.url === '/healthz' || req.url === '/readyz') return next();
    const started = performance.now();
    // As it came: a handler may answer a HEAD as a GET without its body.
    const method = req.method;
    // `on`, not `once`: an answer finishes once, and `once` wraps every request's listener again.
    res.on('finish', () => {
      const ms = Math.round(performance.now() - started);
      const status = res.statusCode;
      const entry = { method, url: req.originalUrl, status, ms };
      if (status === 503) logger.debug(entry, 'request refused');
      else if (status >= 500) logger.error(entry, 'request failed');
      else if (ms >= slowMs) logger.warn(entry, 'slow request');
      else if (status >= 400 || Math.random() < sampleRate) logger.info(entry, 'request');
    });
    next();
  };
}
