import { type RateLimiterLike, RateLimiterRedis } from 'rate-limiter-flexible';
import { boundedMemoryLimiter } from './bounded-limit-store.js';
import type { SharedRedis } from '../redis/shared-redis.js';

/**
 * A fixed-window counter per client shared by every process through Redis (rate-limiter-flexible's
 * RateLimiterRedis), with an in-memory limiter of the same size as insurance: while Redis is
 * unreachable each process counts on its own (a client may then get the limit from each process),
 * and the shared counts resume when it is back.
 */
export function sharedLimiter(
  redis: SharedRedis,
  name: string,
  points: number,
  durationSeconds: number,
  insurance: RateLimiterLike = boundedMemoryLimiter({ points, windowSeconds: durationSeconds }),
) {
  return new RateLimiterRedis({
    storeClient: redis.client,
    keyPrefix: `${redis.prefix}limit:${name}`,
    points,
    duration: durationSeconds,
    // Straight to the insurance while disconnected, instead of failing a command first.
    rejectIfRedisNotReady: true,
    insuranceLimiter: insurance,
  });
}
