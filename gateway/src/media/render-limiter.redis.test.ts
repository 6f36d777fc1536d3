import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../../../schema/src/index.js';
import { connectRedis, type SharedRedis } from '../redis/shared-redis.js';
import { createRenderLimiter } from './render-limiter.js';

/**
 * The render budget is shared by every process through Redis, as the other limits are: two
 * processes (two connections, one key prefix) serving one client give it the budget once.
 * Runs when TEST_REDIS_URL names a Redis server (CI sets it).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const PREFIX = `test-render-${randomUUID().slice(0, 8)}`;
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

describe('render limit with Redis', () => {
  it("counts a client's uncached covers across processes, and refuses past the budget with RateLimit headers", async () => {
    const budget = { points: 4, durationSeconds: 60 };
    const processes = [createRenderLimiter(budget, first), createRenderLimiter(budget, second)];
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
    expect((await first.client.keys(`${PREFIX}:limit:render*`)).length).toBeGreaterThan(0);
  });
});
