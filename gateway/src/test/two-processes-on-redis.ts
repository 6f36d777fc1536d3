import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { connectRedis, type SharedRedis } from '../redis/shared-redis.js';

/**
 * Two processes' Redis connections under one fresh key prefix, for tests of a limit shared through
 * Redis (TEST_REDIS_URL, else the local server): connected before the file's tests, their keys
 * deleted and both closed after them.
 */
export function twoProcessesOnRedis(name: string): { first: () => SharedRedis; second: () => SharedRedis; prefix: string } {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
  const prefix = `test-${name}-${randomUUID().slice(0, 8)}`;
  let first: SharedRedis | undefined;
  let second: SharedRedis | undefined;

  beforeAll(async () => {
    const logger = pino({ level: 'silent' });
    first = connectRedis({ url, keyPrefix: prefix, logger });
    second = connectRedis({ url, keyPrefix: prefix, logger });
    if (!(await first.ready(5_000)) || !(await second.ready(5_000))) throw new Error(`no Redis at ${url}`);
  });

  afterAll(async () => {
    const keys = (await first?.client.keys(`${prefix}:*`)) ?? [];
    if (keys.length) await first!.client.del(...keys);
    await first?.close();
    await second?.close();
  });

  return { first: () => first!, second: () => second!, prefix };
}
