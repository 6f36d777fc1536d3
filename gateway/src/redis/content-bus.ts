import { randomUUID } from 'node:crypto';
import { ALL_TAG } from '../../../schema/src/index.js';
import { purgeCounterKey, purgeSharedAnswers } from '../cache/shared-tier.js';
import type { SharedRedis } from './shared-redis.js';

/** Tags of purges not yet sent (Redis away) beyond this many become one purge of everything. */
const MAX_UNSENT_TAGS = 1_000;

export interface ContentBus {
  /**
   * The content generation every process agrees on: the number of the last purge heard of. A render
   * begun after it is not stored in Redis if a later purge named one of its tags.
   */
  readonly generation: number;
  /**
   * This process committed a change with these cache tags: purge them from Redis (queued for the
   * proxies too) and tell every other process. Resolves once Redis has it, or it waits for Redis.
   */
  publish(tags: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export interface ContentBusOptions {
  redis: SharedRedis;
  /** Queue each purge for the proxies too, in the same Redis step (proxy-purges.ts). */
  forProxies?: boolean;
  /** Content with these tags changed somewhere (another process; `all` when messages may have been missed): drop what shows it. */
  onChange(tags: readonly string[]): void;
}

/**
 * Invalidation across processes: a committed change to public content purges its cache tags from
 * the shared tier in Redis (taking the next purge number) and is published on a channel every
 * process subscribes to; each drops the answers with those tags when the message arrives (in milliseconds). A change made while Redis is unreachable is published
 * once it is back, and every process drops its cache when it reconnects, since it may have missed
 * messages meanwhile.
 */
export async function createContentBus({ redis, onChange, forProxies = false }: ContentBusOptions): Promise<ContentBus> {
  const self = randomUUID();
  const channel = `${redis.prefix}content-changed`;
  const counter = purgeCounterKey(redis.prefix);
  let generation = 0;
  let unpublished: string[] | null = null;

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

  const send = async (tags: readonly string[]) => {
    try {
      const next = await purgeSharedAnswers(redis, tags, { forProxies });
      adopt(next);
      await redis.client.publish(channel, JSON.stringify({ from: self, generation: next, tags }));
    } catch (error) {
      // Sent once Redis is back; meanwhile this process's cache is bypassed anyway.
      const unsent = new Set([...(unpublished ?? []), ...tags]);
      unpublished = unsent.size > MAX_UNSENT_TAGS ? [ALL_TAG] : [...unsent];
      redis.fellBack('publishing a content change', error);
    }
  };

  redis.subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      const parsed = JSON.parse(message) as { from?: string; generation?: number; tags?: unknown };
      adopt(Number(parsed.generation));
      const tags = Array.isArray(parsed.tags) && parsed.tags.every((tag) => typeof tag === 'string') ? (parsed.tags as string[]) : [ALL_TAG];
      if (parsed.from !== self) onChange(tags);
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
  let listened = false;
  const listen = () => {
    redis.subscriber.subscribe(channel).then(
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
      await redis.subscriber.unsubscribe(channel).catch(() => undefined);
    },
  };
}
