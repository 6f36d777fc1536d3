import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { type SubmissionLimiter, TooManyRequestsError } from '../../../schema/src/index.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { sharedLimiter } from './shared-limit-store.js';

const HOUR_SECONDS = 3600;

/**
 * Accepted inquiries per client per hour (CONTACT_RATE_LIMIT). The point is taken atomically before
 * the write (rate-limiter-flexible's consume), so a burst of concurrent inquiries stores at most the
 * limit, and given back when the write fails, so a reader whose inquiry was refused is not charged;
 * invalid input never reaches the limiter. In memory for one process; with Redis shared by every
 * process (falling back to per-process counts while Redis is unreachable).
 */
export function createContactLimiter(perHour: number, redis: SharedRedis | null = null): SubmissionLimiter {
  const limiter = redis ? sharedLimiter(redis, 'contact', perHour, HOUR_SECONDS) : new RateLimiterMemory({ points: perHour, duration: HOUR_SECONDS });
  return {
    async consume(clientKey) {
      try {
        await limiter.consume(clientKey);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        // A refused attempt counted too: taken back, so the count stays that of admitted inquiries
        // and a later refund frees a place.
        await limiter.reward(clientKey, 1).catch(() => undefined);
        throw new TooManyRequestsError(
          `Too many messages from your network: at most ${perHour} an hour. Please try again later.`,
          Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        );
      }
    },
    async refund(clientKey) {
      await limiter.reward(clientKey, 1);
    },
  };
}
