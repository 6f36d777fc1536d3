import { randomUUID } from 'node:crypto';
import { ALL_TAG } from '../../../schema/src/index.js';
import { purgeCounterKey, purgeSharedAnswers } from '../cache/shared-tier.js';
import type { SharedRedis } from './shared-redis.js';

/** Tags of purges not yet sent (Redis away) beyond this many become one purge of everything. */
const MAX_UNSENT_TAGS = 1_000;
/** Changes whose other processes are being waited for at once, at most: past it a publish waits for none. */
const MAX_AWAITED_CHANGES = 256;

export interface ContentBus {
  /**
   * The content generation every process agrees on: the number of the last purge heard of. A render
   * begun after it is not stored in Redis if a later purge named one of its tags.
   */
  readonly generation: number;
  /**
   * This process committed a change with these cache tags: purge them from Redis (queued for the
   * proxies too) and tell every other process. Resolves once Redis has it, or it waits for Redis,
   * with a promise of the other processes having dealt with it (see `othersWithinMs`).
   */
  publish(tags: readonly string[]): Promise<PublishedChange>;
  close(): Promise<void>;
}

export interface PublishedChange {
  /**
   * Settles once every other process that heard the change has settled its `onChange` (rendered its
   * pages again), or `othersWithinMs` after the change was published, whichever comes first.
   */
  readonly othersSettled: Promise<void>;
}

export interface ContentBusOptions {
  redis: SharedRedis;
  /** Queue each purge for the proxies too, in the same Redis step (proxy-purges.ts). */
  forProxies?: boolean;
  /**
   * How long a publishing process waits for the others' `onChange` to settle (0: not at all). Each
   * tells it on a second channel once its own has settled.
   */
  othersWithinMs?: number;
  /**
   * Content with these tags changed somewhere (another process; `all` when messages may have been missed): drop what shows it.
   * A promise returned says when this process has dealt with it (the publishing one may be waiting).
   */
  onChange(tags: readonly string[]): void | Promise<unknown>;
}

const SETTLED_AT_ONCE: PublishedChange = { othersSettled: Promise.resolve() };

/**
 * Invalidation across processes: a committed change to public content purges its cache tags from
 * the shared tier in Redis (taking the next purge number) and is published on a channel every
 * process subscribes to; each drops the answers with those tags when the message arrives (in milliseconds). A change made while Redis is unreachable is published
 * once it is back, and every process drops its cache when it reconnects, since it may have missed
 * messages meanwhile.
 */
export async function createContentBus({ redis, onChange, forProxies = false, othersWithinMs = 0 }: ContentBusOptions): Promise<ContentBus> {
  const self = randomUUID();
  const channel = `${redis.prefix}content-changed`;
  /** Where each process says it has dealt with a change (by the change's purge number). */
  const settledChannel = `${redis.prefix}content-settled`;
  const counter = purgeCounterKey(redis.prefix);
  let generation = 0;
  let unpublished: string[] | null = null;
  /** Subscribed (see `listen` below): PUBLISH then counts this process among a change's receivers. */
  let listened = false;
  /** Changes this process published and waits on, by purge number: the others' answers so far, and how many it expects. */
  const awaited = new Map<number, { heard: number; expected: number; settle(): void }>();

  /** Waits for the other processes' word on change `number`; `expect` is told how many heard it. */
  const awaitOthers = (number: number) => {
    let resolve!: () => void;
    const othersSettled = new Promise<void>((settled) => (resolve = settled));
    const entry = {
      heard: 0,
      expected: Infinity,
      settle() {
        clearTimeout(timer);
        awaited.delete(number);
        resolve();
      },
    };
    const timer = setTimeout(entry.settle, othersWithinMs);
    awaited.set(number, entry);
    return {
      othersSettled,
      expect(count: number) {
        entry.expected = count;
        if (entry.heard >= count) entry.settle();
      },
    };
  };

  const adopt = (value: number) => {
    if (Number.isFinite(value) && value > generation) generation = value;
  };

  const readGeneration = async () => {
    try {
      adopt(Number((await redis.client.get(counter)) ?? 0));
    } catch (error) {
      redis.fellBack('reading the content generation', error);
    }
  };

  const send = async (tags: readonly string[]): Promise<PublishedChange> => {
    try {
      const next = await purgeSharedAnswers(redis, tags, { forProxies });
      adopt(next);
      // Registered before the message goes out: an answer may come back before PUBLISH's reply.
      const waiting = othersWithinMs > 0 && awaited.size < MAX_AWAITED_CHANGES ? awaitOthers(next) : null;
      const receivers = await redis.client.publish(channel, JSON.stringify({ from: self, generation: next, tags, settled: waiting !== null }));
      // PUBLISH counts this process's own subscriber too, once it listens.
      waiting?.expect(Math.max(0, receivers - (listened ? 1 : 0)));
      return waiting ? { othersSettled: waiting.othersSettled } : SETTLED_AT_ONCE;
    } catch (error) {
      // Sent once Redis is back; meanwhile this process's cache is bypassed anyway.
      const unsent = new Set([...(unpublished ?? []), ...tags]);
      unpublished = unsent.size > MAX_UNSENT_TAGS ? [ALL_TAG] : [...unsent];
      redis.fellBack('publishing a content change', error);
      return SETTLED_AT_ONCE;
    }
  };

  /** Tells the publishing process this one has dealt with change `number`. */
  const sayDealtWith = (number: number) =>
    redis.client.publish(settledChannel, JSON.stringify({ generation: number })).catch((error: unknown) => redis.fellBack('answering a content change', error));

  redis.subscriber.on('message', (from: string, message: string) => {
    if (from !== channel && from !== settledChannel) return;
    try {
      if (from === settledChannel) {
        const entry = awaited.get(Number((JSON.parse(message) as { generation?: unknown }).generation));
        if (entry && ++entry.heard >= entry.expected) entry.settle();
        return;
      }
      const parsed = JSON.parse(message) as { from?: string; generation?: number; tags?: unknown; settled?: boolean };
      const number = Number(parsed.generation);
      adopt(number);
      const tags = Array.isArray(parsed.tags) && parsed.tags.every((tag) => typeof tag === 'string') ? (parsed.tags as string[]) : [ALL_TAG];
      if (parsed.from === self) return;
      const dealing = onChange(tags);
      if (parsed.settled === true && Number.isFinite(number)) void Promise.resolve(dealing).then(() => sayDealtWith(number), () => sayDealtWith(number));
    } catch {
      // Not ours: ignore.
    }
  });
  const stopListening = redis.onReconnect(() => {
    onChange([ALL_TAG]);
    void readGeneration().then(() => {
      if (!unpublished) return;
      const entities = unpublished;
      unpublished = null;
      return send(entities);
    });
  });

  // Subscribed each time the subscriber connection is ready (never before: see shared-redis.ts), never
  // waited for. After a drop, messages may have been missed meanwhile: the cache is dropped too.
  const listen = () => {
    redis.subscriber.subscribe(channel, settledChannel).then(
      () => {
        if (listened) {
          onChange([ALL_TAG]);
          void readGeneration();
        }
        listened = true;
      },
      (error: unknown) => redis.fellBack('subscribing to content changes', error),
    );
  };
  redis.subscriber.on('ready', listen);
  if (redis.subscriber.status === 'ready') listen();
  if (redis.up) await readGeneration();

  return {
    get generation() {
      return generation;
    },
    publish(tags) {
      return send(tags);
    },
    async close() {
      stopListening();
      redis.subscriber.off('ready', listen);
      for (const entry of awaited.values()) entry.settle();
      await redis.subscriber.unsubscribe(channel, settledChannel).catch(() => undefined);
    },
  };
}
