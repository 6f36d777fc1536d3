import type { SharedRedis } from '../redis/shared-redis.js';
import { type ConsumingLimit, consumingLimit } from '../security/rate-limits.js';
import { VITALS_REPORTS_PER_MINUTE } from '../config/config.js';

export { VITALS_REPORTS_PER_MINUTE } from '../config/config.js';
/** The counts' bound in bytes, addresses included, while they are kept in memory; the least recently seen go first. */
export const VITALS_LIMIT_BYTES = 1024 * 1024;

export interface VitalsLimitOptions {
  /** Reports per address a minute (VITALS_RATE_LIMIT). */
  perMinute?: number;
  /** Shares the counts between processes when set. */
  redis?: SharedRedis | null;
  /** The windows' clock in memory, in ms (tests move it). */
  now?: () => number;
}

/**
 * Web Vitals reports per address (clientAddressKey) a minute, so one client cannot outweigh the
 * readers in the percentiles: a limit like every other (consumingLimit, decision 076), shared
 * through Redis when the site has it, its 429 the one with RateLimit headers and Retry-After. In
 * memory, an address dropped under the byte bound starts a new window: the API limit still holds it.
 */
export function vitalsLimit({ perMinute = VITALS_REPORTS_PER_MINUTE, redis = null, now }: VitalsLimitOptions = {}): ConsumingLimit {
  return consumingLimit({
    name: 'vitals',
    points: perMinute,
    windowSeconds: 60,
    redis,
    message: `Too many Web Vitals reports: at most ${perMinute} a minute from one address`,
    memory: { maxBytes: VITALS_LIMIT_BYTES, now },
  });
}
