import { rateLimit } from 'express-rate-limit';
import { sendError } from '../middleware/error-response.js';

/** All API traffic per client (API_RATE_LIMIT a minute), with standard RateLimit headers. */
export function apiRateLimit(perMinute: number) {
  return perClientPerMinute(perMinute);
}

/**
 * Pages, feeds, sitemaps and files per client (PAGE_RATE_LIMIT a minute): generous, since a reader
 * loads a page and a few files, but a client crawling thousands of rendered URLs a minute is slowed.
 */
export function pageRateLimit(perMinute: number) {
  return perClientPerMinute(perMinute);
}

function perClientPerMinute(perMinute: number) {
  return rateLimit({
    windowMs: 60_000,
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
