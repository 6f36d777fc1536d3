import type { SubmissionLimiter } from '../../../schema/src/index.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { consumingLimit } from './rate-limits.js';

const HOUR_SECONDS = 3600;

/**
 * Accepted inquiries per client per hour (CONTACT_RATE_LIMIT), counted like every other limit
 * (consumingLimit): the point is taken atomically before the write, so a burst of concurrent
 * inquiries stores at most the limit, and given back when the write fails; invalid input never
 * reaches it. Its 429 carries the RateLimit headers and Retry-After of every spent limit.
 */
export function createContactLimiter(perHour: number, redis: SharedRedis | null = null): SubmissionLimiter {
  return consumingLimit({
    name: 'contact',
    points: perHour,
    windowSeconds: HOUR_SECONDS,
    redis,
    message: `Too many messages from your network: at most ${perHour} an hour. Please try again later.`,
  });
}
