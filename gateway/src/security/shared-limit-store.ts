import type { ClientRateLimitInfo, Store } from 'express-rate-limit';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { SharedRedis } from '../redis/shared-redis.js';

/**
 * A fixed-window counter per client shared by every process through Redis (rate-limiter-flexible's
 * RateLimiterRedis), with an in-memory limiter of the same size as insurance: while Redis is
 * unreachable each process counts on its own (a client may then get the limit from each process),
 * and the shared counts resume when it is back.
 */
export function sharedLimiter(redis: SharedRedis, name: string, points: number, durationSeconds: number) {
  return new RateLimiterRedis({
    storeClient: redis.client,
    keyPrefix: `${redis.prefix}limit:${name}`,
    points,
    duration: durationSeconds,
    // Straight to the insurance while disconnected, instead of failing a command first.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ points, duration: durationSeconds }),
  });
}

/** The express-rate-limit store for the API and page limits when Redis is configured. */
export class SharedLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private readonly limiter: RateLimiterRedis;

  constructor(
    private readonly redis: SharedRedis,
    name: string,
    points: number,
    durationSeconds: number,
  ) {
    this.limiter = sharedLimiter(redis, name, points, durationSeconds);
    this.prefix = `${redis.prefix}limit:${name}`;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    if (!this.redis.up) this.redis.fellBack('rate limit');
    // A penalty counts the request whatever the total: express-rate-limit compares it to the limit.
    const result = await this.limiter.penalty(key, 1);
    return { totalHits: result.consumedPoints, resetTime: new Date(Date.now() + result.msBeforeNext) };
  }

  async decrement(key: string): Promise<void> {
    await this.limiter.reward(key, 1);
  }

  async resetKey(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}
