import { rateLimit } from 'express-rate-limit';
import { sendError } from '../middleware/error-response.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { SharedLimitStore } from './shared-limit-store.js';

/**
 * All API traffic per client (API_RATE_LIMIT a minute), with standard RateLimit headers. With Redis
 * the count is shared by every process (a limit of N is N across them), else it is this process's.
 */
export function apiRateLimit(perMinute: number, redis: SharedRedis | null = null) {
  return perClientPerMinute(perMinute, redis ? new SharedLimitStore(redis, 'api', perMinute, 60) : undefined);
}

/**
 * Pages, feeds, sitemaps and files per client (PAGE_RATE_LIMIT a minute): generous, since a reader
 * loads a page and a few files, but a client crawling thousands of rendered URLs a minute is slowed.
 */
export function pageRateLimit(perMinute: number, redis: SharedRedis | null = null) {
  return perClientPerMinute(perMinute, redis ? new SharedLimitStore(redis, 'page', perMinute, 60) : undefined);
}

function perClientPerMinute(perMinute: number, store?: SharedLimitStore) {
  return rateLimit({
    windowMs: 60_000,
    // Unset: express-rate-limit's memory store (one process).
    ...(store ? { store } : {}),
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // X-Forwarded-For is ignored on purpose unless TRUST_PROXY says a proxy sets it.
    validate: { xForwardedForHeader: false },
    handler: (_req, res, _next, options) => {
      sendError(res, options.statusCode, `Too many requests: at most ${perMinute} a minute. Please slow down.`);
    },
  });
}
