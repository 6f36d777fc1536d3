import { describe, expect, it } from 'vitest';
import { twoProcessesOnRedis } from '../test/two-processes-on-redis.js';
import { vitalsLimit } from './vitals-limit.js';

/**
 * The Web Vitals limit through Redis: two processes (two connections, one key prefix) share one
 * address's reports a minute. Runs when TEST_REDIS_URL names a Redis server (CI sets it).
 */
const redis = twoProcessesOnRedis('vitals');

describe('Web Vitals limit with Redis', () => {
  it('admits an address its reports once across processes, then the 429 with its RateLimit headers', async () => {
    const processes = [vitalsLimit({ perMinute: 6, redis: redis.first() }), vitalsLimit({ perMinute: 6, redis: redis.second() })];
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, n) => processes[n % 2].consume('198.51.100.40')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(6);
    const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')!.reason as { httpStatus: number; headers: [string, string][] };
    expect(refused.httpStatus).toBe(429);
    expect(Object.fromEntries(refused.headers)['ratelimit-policy']).toMatch(/^"6-in-1min"; q=6; w=60;/);
    // Another address has its own reports.
    await expect(processes[1].consume('198.51.100.41')).resolves.toBeUndefined();
  });
});
