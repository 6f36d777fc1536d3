import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type SharedRedis } from '../redis/shared-redis.js';
import { createContactLimiter } from './contact-limiter.js';

/**
 * The inquiry limit through Redis: two processes (two connections, one key prefix) taking points
 * for one address at the same moment admit the limit once, and a refund frees a place for either.
 * Runs when TEST_REDIS_URL names a Redis server (CI sets it).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const PREFIX = `test-contact-${randomUUID().slice(0, 8)}`;
let first: SharedRedis;
let second: SharedRedis;

beforeAll(async () => {
  const logger = pino({ level: 'silent' });
  first = connectRedis({ url: REDIS_URL, keyPrefix: PREFIX, logger });
  second = connectRedis({ url: REDIS_URL, keyPrefix: PREFIX, logger });
  if (!(await first.ready(5_000)) || !(await second.ready(5_000))) throw new Error(`no Redis at ${REDIS_URL}`);
});

afterAll(async () => {
  const keys = (await first?.client.keys(`${PREFIX}:*`)) ?? [];
  if (keys.length) await first.client.del(...keys);
  await first?.close();
  await second?.close();
});

describe('inquiry limit with Redis', () => {
  it('admits the limit once across processes for 50 concurrent inquiries, and a refund frees one place', async () => {
    const processes = [createContactLimiter(10, first), createContactLimiter(10, second)];
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, (_, n) => processes[n % 2].consume('198.51.100.30')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(outcomes.filter((o) => o.status === 'rejected' && (o.reason as { httpStatus?: number }).httpStatus === 429)).toHaveLength(40);

    await processes[0].refund('198.51.100.30');
    await expect(processes[1].consume('198.51.100.30')).resolves.toBeUndefined();
    await expect(processes[0].consume('198.51.100.30')).rejects.toMatchObject({ httpStatus: 429 });
  });
});
