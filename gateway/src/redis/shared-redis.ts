import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** How often a Redis outage is written to the log while it lasts. */
export const REDIS_LOG_INTERVAL_MS = 60_000;

export interface SharedRedisOptions {
  url: string;
  /** Every key and channel starts with it (one prefix per site, or per test run). */
  keyPrefix: string;
  logger: Logger;
  /** Milliseconds to wait for a connection before a command fails over to the fallback. */
  connectTimeoutMs?: number;
}

/**
 * The connections of one process to Redis, which several processes share: rate limit counters,
 * the response cache's second tier and the content-change channel. Commands never wait for Redis:
 * while it is unreachable they fail at once (no offline queue) and every user falls back (limits
 * per process, cache bypassed); the outage is logged when it starts, once a minute while it lasts
 * (with how many operations fell back), and when it ends.
 */
export interface SharedRedis {
  /** For commands (limits, cache, publish). */
  readonly client: Redis;
  /** For the content-change channel (a connection in subscriber mode takes no other commands). */
  readonly subscriber: Redis;
  /** `${keyPrefix}:` — prepend to every key and channel. */
  readonly prefix: string;
  /** Connected and ready now. */
  readonly up: boolean;
  /** Called each time Redis becomes reachable again after an outage (not on the first connection). */
  onReconnect(listener: () => void): () => void;
  /** Records an operation that fell back because Redis failed (counted into the once-a-minute log). */
  fellBack(what: string, error?: unknown): void;
  /** Resolves once connected (true), or after the timeout (false): a start never waits longer for Redis. */
  ready(timeoutMs?: number): Promise<boolean>;
  /** A round trip to Redis within the timeout, for /readyz. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export function connectRedis({ url, keyPrefix, logger, connectTimeoutMs = 1_000 }: SharedRedisOptions): SharedRedis {
  const retryStrategy = (attempt: number) => Math.min(100 * attempt, 1_000);
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: connectTimeoutMs, retryStrategy, lazyConnect: false });
  // Subscriptions are made by their owners on every 'ready' (see content-bus.ts): one sent earlier,
  // while the connection's ready check is still running, is dropped with the connection.
  const subscriber = new Redis(url, { connectTimeout: connectTimeoutMs, retryStrategy, maxRetriesPerRequest: null, autoResubscribe: false });
  const reconnectListeners = new Set<() => void>();
  let up = false;
  let everUp = false;
  let downSince: number | null = null;
  let lastLog = 0;
  let fallbacks = 0;
  let closing = false;

  const logOutage = (error?: unknown) => {
    const now = Date.now();
    if (now - lastLog < REDIS_LOG_INTERVAL_MS) return;
    lastLog = now;
    logger.warn(
      { fallbacks, downForSeconds: downSince === null ? 0 : Math.round((now - downSince) / 1000), err: error instanceof Error ? { message: error.message } : undefined },
      'Redis unreachable: rate limits are per process and the response cache is bypassed until it is back',
    );
    fallbacks = 0;
  };

  client.on('ready', () => {
    up = true;
    if (downSince !== null) {
      logger.warn({ downForSeconds: Math.round((Date.now() - downSince) / 1000), fallbacks }, 'Redis back: limits and the response cache are shared again');
      downSince = null;
      fallbacks = 0;
      lastLog = 0;
      for (const listener of reconnectListeners) listener();
    } else if (!everUp) {
      logger.info({ redis: new URL(url).host, prefix: keyPrefix }, 'Redis ready: limits, response cache and invalidation are shared');
    }
    everUp = true;
  });
  const down = (error?: unknown) => {
    if (closing) return;
    up = false;
    downSince ??= Date.now();
    logOutage(error);
  };
  client.on('error', down);
  client.on('close', () => down());
  // The subscriber's errors are the same outage: ioredis would print them otherwise.
  subscriber.on('error', () => undefined);

  return {
    client,
    subscriber,
    prefix: `${keyPrefix}:`,
    get up() {
      return up;
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    fellBack(what, error) {
      fallbacks += 1;
      if (!up) {
        downSince ??= Date.now();
        logOutage(error);
        return;
      }
      // Connected, yet a command failed (out of memory, a timeout): said once a minute too.
      const now = Date.now();
      if (now - lastLog < REDIS_LOG_INTERVAL_MS) return;
      lastLog = now;
      logger.warn({ what, err: error instanceof Error ? { message: error.message } : undefined }, 'a Redis command failed: that operation fell back to this process alone');
    },
    ready(timeoutMs = connectTimeoutMs) {
      if (up) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          client.off('ready', onReady);
          resolve(false);
        }, timeoutMs);
        const onReady = () => {
          clearTimeout(timer);
          resolve(true);
        };
        client.once('ready', onReady);
      });
    },
    async ping(timeoutMs = 1_000) {
      if (!up) return false;
      let timer: NodeJS.Timeout | undefined;
      try {
        const answer = await Promise.race([
          client.ping(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('Redis ping timed out')), timeoutMs);
          }),
        ]);
        return answer === 'PONG';
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      closing = true;
      reconnectListeners.clear();
      await Promise.allSettled([client.quit(), subscriber.quit()]);
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
