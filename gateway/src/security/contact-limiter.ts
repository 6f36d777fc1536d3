import { RateLimiterMemory } from 'rate-limiter-flexible';
import { type SubmissionLimiter, TooManyRequestsError } from '../../../schema/src/index.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { sharedLimiter } from './shared-limit-store.js';

const HOUR_SECONDS = 3600;

/**
 * Accepted inquiries per client per hour (CONTACT_RATE_LIMIT). Only accepted ones count, so a
 * reader fixing a typo is never locked out. In memory for one process; with Redis shared by every
 * process (falling back to per-process counts while Redis is unreachable).
 */
export function createContactLimiter(perHour: number, redis: SharedRedis | null = null): SubmissionLimiter {
  const limiter = redis ? sharedLimiter(redis, 'contact', perHour, HOUR_SECONDS) : new RateLimiterMemory({ points: perHour, duration: HOUR_SECONDS });
  return {
    async assertAllowed(clientKey) {
      const state = await limiter.get(clientKey);
      if (state && state.consumedPoints >= perHour) {
        throw new TooManyRequestsError(
          `Too many messages from your network: at most ${perHour} an hour. Please try again later.`,
          Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
        );
      }
    },
    async record(clientKey) {
      await limiter.penalty(clientKey, 1);
    },
  };
}
