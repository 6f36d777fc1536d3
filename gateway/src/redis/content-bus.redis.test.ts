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

function open(keyPrefix = PREFIX): SharedRedis {
  const redis = connectRedis({ url: REDIS_URL, keyPrefix, logger: pino({ level: 'silent' }) });
  opened.push({ redis });
  return redis;
}

afterAll(async () => {
  for (const { redis, bus } of opened) {
    await bus?.close();
    await redis.close();
  }
  const cleanup = new Redis(REDIS_URL);
  const keys = await cleanup.keys(`${PREFIX}*`);
  if (keys.length) await cleanup.del(...keys);
  await cleanup.quit();
});

it('a process whose subscriber is still connecting hears the next change of another process', async () => {
  const listener = open();
  // Connected, not yet ready: the moment a process creates its bus on a busy start.
  await once(listener.subscriber, 'connect');
  let heard = 0;
  const listening = await createContentBus({ redis: listener, onChange: () => void (heard += 1) });
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

/** Processes of one site (their own prefix), subscribed: a change published now reaches every one. */
async function site(name: string, buses: { onChange: (tags: readonly string[]) => void | Promise<unknown> }[], othersWithinMs: number): Promise<ContentBus[] & { keyPrefix: string }> {
  const keyPrefix = `${PREFIX}-${name}`;
  const made: ContentBus[] = [];
  for (const { onChange } of buses) {
    const redis = open(keyPrefix);
    await redis.ready();
    const bus = await createContentBus({ redis, onChange, othersWithinMs });
    opened.at(-1)!.bus = bus;
    made.push(bus);
  }
  const server = new Redis(REDIS_URL);
  try {
    await expect.poll(async () => ((await server.pubsub('NUMSUB', `${keyPrefix}:content-settled`)) as [string, number])[1]).toBe(buses.length);
  } finally {
    await server.quit();
  }
  return Object.assign(made, { keyPrefix });
}

it('a publishing process hears once every other process has dealt with its change, not before', async () => {
  let finish!: () => void;
  const rendering = new Promise<void>((resolve) => (finish = resolve));
  const heardByWriter: (readonly string[])[] = [];
  const processes = await site(
    'settled',
    [{ onChange: (tags) => void heardByWriter.push(tags) }, { onChange: () => rendering }, { onChange: () => undefined }],
    60_000,
  );
  // What the processes say on the answers' channel.
  const spy = new Redis(REDIS_URL);
  const answers: string[] = [];
  spy.on('message', (_channel: string, message: string) => answers.push(message));
  await spy.subscribe(`${processes.keyPrefix}:content-settled`);
  const prober = new Redis(REDIS_URL);
  try {
    let settled = false;
    const published = await processes[0].publish(['article:1']);
    void published.othersSettled.then(() => (settled = true));
    // The third process has answered; the second is still rendering.
    await expect.poll(() => answers.length).toBe(1);
    // A change of someone else, sent after that answer: once the writer hears it, it has heard the answer too (one connection, in order).
    await prober.publish(`${processes.keyPrefix}:content-changed`, JSON.stringify({ from: 'probe', generation: 0, tags: ['probe'] }));
    await expect.poll(() => heardByWriter.flat()).toContain('probe');
    expect(settled).toBe(false);
    finish();
    await published.othersSettled;
    expect(settled).toBe(true);
  } finally {
    await Promise.all([spy.quit(), prober.quit()]);
  }
});

it('a process that never answers holds a publishing process no longer than its wait', async () => {
  const [writing] = await site('silent', [{ onChange: () => undefined }, { onChange: () => new Promise(() => undefined) }], 200);
  const published = await writing.publish(['article:2']);
  await published.othersSettled;
});

it('a process alone waits for nobody', async () => {
  const [alone] = await site('alone', [{ onChange: () => undefined }], 60_000);
  await (await alone.publish(['article:3'])).othersSettled;
});

it('junk on the answers channel is ignored: the bus still hears changes and waits as it should', async () => {
  let heard = 0;
  const processes = await site('junk', [{ onChange: () => undefined }, { onChange: () => void (heard += 1) }], 60_000);
  const junk = new Redis(REDIS_URL);
  try {
    for (const message of ['not json', '{"generation":"x"}', '{}', 'null', '[1,2]', 'x'.repeat(100_000)]) {
      await junk.publish(`${processes.keyPrefix}:content-settled`, message);
    }
    await (await processes[0].publish(['article:4'])).othersSettled;
    expect(heard).toBe(1);
  } finally {
    await junk.quit();
  }
});
