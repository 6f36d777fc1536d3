import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { ContentBus } from '../redis/content-bus.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import type { ResponseCache, SharedAnswer } from './response-cache.js';

/** Answers larger than this stay in the process that rendered them (Redis values travel whole). */
export const MAX_SHARED_BYTES = 1024 * 1024;
/** The longest an answer lives in Redis, whatever the cache's TTL: Redis may be set to evict nothing. */
export const MAX_SHARED_TTL_MS = 60 * 60 * 1_000;

/**
 * An answer as one Redis value: a 4-byte length, a JSON head (status, headers, when it was stored,
 * the body sizes), then the identity, brotli and gzip bodies, so a process that reads it serves
 * every encoding without compressing anything.
 */
export function encodeAnswer(answer: SharedAnswer): Buffer {
  const head = Buffer.from(
    JSON.stringify({ status: answer.status, headers: answer.headers, storedAt: answer.storedAt, sizes: [answer.identity.length, answer.br.length, answer.gzip.length] }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, answer.identity, answer.br, answer.gzip]);
}

export function decodeAnswer(value: Buffer): SharedAnswer | null {
  try {
    const headLength = value.readUInt32BE(0);
    const head = JSON.parse(value.subarray(4, 4 + headLength).toString('utf8')) as {
      status: number;
      headers: [string, string][];
      storedAt: number;
      sizes: [number, number, number];
    };
    let offset = 4 + headLength;
    const [identity, br, gzip] = head.sizes.map((size) => {
      const body = value.subarray(offset, offset + size);
      offset += size;
      return body;
    });
    if (offset !== value.length) return null;
    return { status: head.status, headers: head.headers, storedAt: head.storedAt, identity, br, gzip };
  } catch {
    return null;
  }
}

export interface SharedTier {
  /** Placed before the response cache: a local miss is looked up in Redis and, when found, served as a hit. */
  middleware: RequestHandler;
  /** The response cache's `onStore`: every answer it keeps is offered to the other processes. */
  store(key: string, answer: SharedAnswer): void;
}

/**
 * The response cache's second tier: the in-process LRU stays the first (no network on a hit), and
 * an answer rendered by any process is stored in Redis for the others, keyed by the shared content
 * generation, so one change makes every older answer unreachable everywhere at once. Redis entries
 * live as long as the answer is fresh (RESPONSE_CACHE_TTL_SECONDS); stale copies for an outage stay
 * local. While Redis is unreachable the cache is bypassed altogether (see app.ts), so this tier is
 * never asked then.
 */
export function createSharedTier({ redis, bus, cache, ttlMs }: { redis: SharedRedis; bus: ContentBus; cache: ResponseCache; ttlMs: number }): SharedTier {
  const keyOf = (key: string, generation: number) => `${redis.prefix}answer:${generation}:${createHash('sha256').update(key).digest('base64url')}`;

  const middleware: RequestHandler = (req, _res, next) => {
    const lookup = cache.lookup(req);
    if (!lookup) return next();
    redis.client.getBuffer(keyOf(lookup.key, bus.generation)).then(
      (value) => {
        const answer = value ? decodeAnswer(value) : null;
        if (answer) lookup.admit(answer);
        next();
      },
      (error: unknown) => {
        redis.fellBack('reading the shared response cache', error);
        next();
      },
    );
  };

  return {
    middleware,
    store(key, answer) {
      const size = answer.identity.length + answer.br.length + answer.gzip.length;
      // Keys are a fixed-size hash of the cache's key; values live no longer than the answer is fresh.
      const lifeMs = Math.min(ttlMs, MAX_SHARED_TTL_MS) - (Date.now() - answer.storedAt);
      if (!redis.up || size > MAX_SHARED_BYTES || lifeMs <= 0) return;
      redis.client.set(keyOf(key, bus.generation), encodeAnswer(answer), 'PX', lifeMs).catch((error: unknown) => redis.fellBack('storing into the shared response cache', error));
    },
  };
}
