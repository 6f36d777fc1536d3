import { describe, expect, it } from 'vitest';
import { twoProcessesOnRedis } from '../test/two-processes-on-redis.js';
import { createContactLimiter } from './contact-limiter.js';

/**
 * The inquiry limit through Redis: two processes (two connections, one key prefix) taking points
 * for one address at the same moment admit the limit once, and a refund frees a place for either.
 * Runs when TEST_REDIS_URL names a Redis server (CI sets it).
 */
const redis = twoProcessesOnRedis('contact');

describe('inquiry limit with Redis', () => {
  it('admits the limit once across processes for 50 concurrent inquiries, and a refund frees one place', async () => {
    const processes = [createContactLimiter(10, redis.first()), createContactLimiter(10, redis.second())];
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, (_, n) => processes[n % 2].consume('198.51.100.30')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(outcomes.filter((o) => o.status === 'rejected' && (o.reason as { httpStatus?: number }).httpStatus === 429)).toHaveLength(40);

    await processes[0].refund('198.51.100.30');
    await expect(processes[1].consume('198.51.100.30')).resolves.toBeUndefined();
    await expect(processes[0].consume('198.51.100.30')).rejects.toMatchObject({ httpStatus: 429 });
  });
});
