import { randomUUID } from 'node:crypto';
import type { SharedRedis } from './shared-redis.js';

export interface ContentBus {
  /**
   * The content generation every process agrees on: the number of announced changes. Shared cache
   * entries are keyed by it, so a change makes every older entry unreachable at once.
   */
  readonly generation: number;
  /** This process committed a change: count it and tell every other process. */
  publish(entities: readonly string[]): void;
  close(): Promise<void>;
}

export interface ContentBusOptions {
  redis: SharedRedis;
  /** Content changed somewhere (another process, or this one while Redis was away): drop what is cached. */
  onChange(): void;
}

/**
 * Invalidation across processes: a committed change to public content increments a counter in
 * Redis and is published on a channel every process subscribes to; each drops its cached answers
 * when the message arrives (in milliseconds). A change made while Redis is unreachable is published
 * once it is back, and every process drops its cache when it reconnects, since it may have missed
 * messages meanwhile.
 */
export async function createContentBus({ redis, onChange }: ContentBusOptions): Promise<ContentBus> {
  const self = randomUUID();
  const channel = `${redis.prefix}content-changed`;
  const counter = `${redis.prefix}content-generation`;
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

  const send = async (entities: readonly string[]) => {
    try {
      const next = await redis.client.incr(counter);
      adopt(next);
      await redis.client.publish(channel, JSON.stringify({ from: self, generation: next, entities }));
    } catch (error) {
      // Told once Redis is back; meanwhile this process's cache is bypassed anyway.
      unpublished = [...new Set([...(unpublished ?? []), ...entities])];
      redis.fellBack('publishing a content change', error);
    }
  };

  redis.subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      const parsed = JSON.parse(message) as { from?: string; generation?: number };
      adopt(Number(parsed.generation));
      if (parsed.from !== self) onChange();
    } catch {
      // Not ours: ignore.
    }
  });
  const stopListening = redis.onReconnect(() => {
    onChange();
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
          onChange();
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
    publish(entities) {
      void send(entities);
    },
    async close() {
      stopListening();
      redis.subscriber.off('ready', listen);
      await redis.subscriber.unsubscribe(channel).catch(() => undefined);
    },
  };
}
