import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../../../schema/src/index.js';
import { twoProcessesOnRedis } from '../test/two-processes-on-redis.js';
import { createRenderLimiter } from './render-limiter.js';

/**
 * The render budget is shared by every process through Redis, as the other limits are: two
 * processes (two connections, one key prefix) serving one client give it the budget once.
 * Runs when TEST_REDIS_URL names a Redis server (CI sets it).
 */
const redis = twoProcessesOnRedis('render');

describe('render limit with Redis', () => {
  it("counts a client's uncached covers across processes, and refuses past the budget with RateLimit headers", async () => {
    const budget = { points: 4, durationSeconds: 60 };
    const processes = [createRenderLimiter(budget, redis.first()), createRenderLimiter(budget, redis.second())];
    for (let i = 0; i < budget.points; i++) await processes[i % 2].consume('198.51.100.20');
    for (const limiter of processes) {
      const refused = await limiter.consume('198.51.100.20').then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(TooManyRequestsError);
      expect((refused as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(0);
      expect(Object.fromEntries((refused as TooManyRequestsError).headers).ratelimit).toMatch(/^"4-in-1min"; r=0;/);
    }
    // Another client has its own budget.
    await processes[1].consume('198.51.100.21');
    expect((await redis.first().client.keys(`${redis.prefix}:limit:render*`)).length).toBeGreaterThan(0);
  });
});
