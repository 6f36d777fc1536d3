import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { createContentBus, type ContentBus } from './content-bus.js';
import { connectRedis, type SharedRedis } from './shared-redis.js';

/**
 * The invalidation channel between processes, on a real Redis (TEST_REDIS_URL, or the local one).
 * A process that starts while its subscriber connection is still being checked must still hear
 * every change: a subscription made then used to be dropped by the connection's own ready check.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const PREFIX = `test-bus-${randomUUID().slice(0, 8)}`;
const opened: { redis: SharedRedis; bus?: ContentBus }[] = [];

function open(): SharedRedis {
  const redis = connectRedis({ url: REDIS_URL, keyPrefix: PREFIX, logger: pino({ level: 'silent' }) });
  opened.push({ redis });
  return redis;
}

afterAll(async () => {
  for (const { redis, bus } of opened) {
    await bus?.close();
    await redis.close();
  }
  const cleanup = new Redis(REDIS_URL);
  const keys = await cleanup.keys(`${PREFIX}:*`);
  if (keys.length) await cleanup.del(...keys);
  await cleanup.quit();
});

it('a process whose subscriber is still connecting hears the next change of another process', async () => {
  const listener = open();
  // Connected, not yet ready: the moment a process creates its bus on a busy start.
  await once(listener.subscriber, 'connect');
  let heard = 0;
  const listening = await createContentBus({ redis: listener, onChange: () => (heard += 1) });
  opened[0].bus = listening;
  await once(listener.subscriber, 'ready').catch(() => undefined);

  const writer = open();
  await writer.ready();
  const writing = await createContentBus({ redis: writer, onChange: () => undefined });
  opened[1].bus = writing;
  // Both processes' subscriptions have reached Redis (a change published before would reach no one).
  const server = new Redis(REDIS_URL);
  try {
    await expect.poll(async () => ((await server.pubsub('NUMSUB', `${PREFIX}:content-changed`)) as [string, number])[1]).toBe(2);
  } finally {
    await server.quit();
  }

  writing.publish(['Article']);
  await expect.poll(() => heard).toBeGreaterThanOrEqual(1);
  await expect.poll(() => listening.generation).toBe(writing.generation);
});
