import { createHash } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { ALL_TAG } from '../../../schema/src/index.js';
import type { ContentBus } from '../redis/content-bus.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { tagsOfHeaders } from './cache-tag-headers.js';
import type { ResponseCache, SharedAnswer } from './response-cache.js';

/** Answers larger than this stay in the process that rendered them (Redis values travel whole). */
export const MAX_SHARED_BYTES = 1024 * 1024;
/** The longest an answer lives in Redis, whatever the cache's TTL: Redis may be set to evict nothing. */
export const MAX_SHARED_TTL_MS = 60 * 60 * 1_000;

/**
 * An answer as one Redis value: a 4-byte length, a JSON head (status, headers, when it was stored,
 * the uncompressed length, the body sizes), then the brotli and gzip bodies, so a process that reads
 * it serves every encoding without compressing anything (the uncompressed body is the gzip one's).
 */
export function encodeAnswer(answer: SharedAnswer): Buffer {
  const head = Buffer.from(
    JSON.stringify({ status: answer.status, headers: answer.headers, storedAt: answer.storedAt, identityLength: answer.identityLength, sizes: [answer.br.length, answer.gzip.length] }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, answer.br, answer.gzip]);
}

export function decodeAnswer(value: Buffer): SharedAnswer | null {
  try {
    const headLength = value.readUInt32BE(0);
    const head = JSON.parse(value.subarray(4, 4 + headLength).toString('utf8')) as {
      status: number;
      headers: [string, string][];
      storedAt: number;
      identityLength?: number;
      sizes: number[];
    };
    // An answer another version stored (its identity body first, no identityLength) is not ours to read.
    if (typeof head.identityLength !== 'number' || head.sizes.length !== 2) return null;
    let offset = 4 + headLength;
    const [br, gzip] = head.sizes.map((size) => {
      const body = value.subarray(offset, offset + size);
      offset += size;
      return body;
    });
    if (offset !== value.length) return null;
    return { status: head.status, headers: head.headers, storedAt: head.storedAt, identityLength: head.identityLength, br, gzip };
  } catch {
    return null;
  }
}

/** The tag every shared answer is filed under, so a purge of `all` reaches each of them. */
const EVERYTHING = '*';

/** Where an answer is kept in Redis: a fixed-size hash of the response cache's key, whatever its length. */
export const sharedAnswerKey = (prefix: string, key: string) => `${prefix}answer:${createHash('sha256').update(key).digest('base64url')}`;

/** Where a tag's answers are listed (a set of answer keys) and when it was last purged (the purge's number). */
export const tagSetKey = (prefix: string, tag: string) => `${prefix}tag:${tag}`;
export const tagMarkKey = (prefix: string, tag: string) => `${prefix}purged:${tag}`;
/** The count of purges every process agrees on: each purge takes the next number. */
export const purgeCounterKey = (prefix: string) => `${prefix}content-generation`;

/**
 * Stores an answer unless one of its tags was purged after its render began (ARGV[3], the last
 * purge number the process knew of then): a render that read the old text while a write committed
 * is never kept for a day. KEYS: the answer, then each tag's mark, then each tag's set.
 */
const STORE_SCRIPT = `
local n = (#KEYS - 1) / 2
local started = tonumber(ARGV[3])
for i = 1, n do
  local purged = redis.call('GET', KEYS[1 + i])
  if purged and tonumber(purged) > started then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
for i = 1, n do
  redis.call('SADD', KEYS[1 + n + i], KEYS[1])
  redis.call('PEXPIRE', KEYS[1 + n + i], ARGV[4])
end
return 1`;

/**
 * A purge, atomically: takes the next purge number, marks each tag with it (so a render begun
 * before it is not stored afterwards), deletes every answer listed under each tag, and (ARGV[2]
 * not empty) queues the tags for the proxies in a stream, so the purge is sent even if every
 * process stops or the proxy is down (proxy-purges.ts). KEYS: the purge counter, the proxies'
 * stream, then each tag's mark and set in pairs. Returns the purge's number.
 */
const PURGE_SCRIPT = `
local number = redis.call('INCR', KEYS[1])
if ARGV[2] ~= '' then
  redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'tags', ARGV[2])
end
for i = 3, #KEYS, 2 do
  redis.call('SET', KEYS[i], number, 'PX', ARGV[1])
  local answers = redis.call('SMEMBERS', KEYS[i + 1])
  for j = 1, #answers, 500 do
    redis.call('DEL', unpack(answers, j, math.min(j + 499, #answers)))
  end
  redis.call('DEL', KEYS[i + 1])
end
return number`;

/**
 * Drops from Redis every shared answer carrying one of these tags (or tagged \`all\`); a purge of
 * \`all\` drops every one. Resolves to the purge's number.
 */
export async function purgeSharedAnswers(redis: SharedRedis, tags: readonly string[], { forProxies = false } = {}): Promise<number> {
  const purged = tags.includes(ALL_TAG) ? [ALL_TAG, EVERYTHING] : [...new Set([...tags, ALL_TAG])];
  const keys = [purgeCounterKey(redis.prefix), proxyPurgeStreamKey(redis.prefix), ...purged.flatMap((tag) => [tagMarkKey(redis.prefix, tag), tagSetKey(redis.prefix, tag)])];
  return Number(await redis.client.eval(PURGE_SCRIPT, keys.length, ...keys, String(MAX_SHARED_TTL_MS), forProxies ? tags.join(' ') : '', String(MAX_QUEUED_PROXY_PURGES)));
}

/** The stream of purges waiting to be sent to the proxies (proxy-purges.ts). */
export const proxyPurgeStreamKey = (prefix: string) => `${prefix}proxy-purges`;
/** Purges kept for the proxies at most (about): past it the oldest go, and their pages live out their s-maxage. */
export const MAX_QUEUED_PROXY_PURGES = 10_000;

/** The purge number known when a response's render began (set by the shared tier's lookup). */
const STARTED_AFTER = Symbol('the purge number a render began after');
type TieredResponse = Response & { [STARTED_AFTER]?: number };

export interface SharedTier {
  /** Placed before the response cache: a local miss is looked up in Redis and, when found, served as a hit. */
  middleware: RequestHandler;
  /** The response cache's `onStore`: every answer it keeps is offered to the other processes. */
  store(key: string, answer: SharedAnswer, res: Response): void;
}

/**
 * The response cache's second tier: the in-process LRU stays the first (no network on a hit), and
 * an answer rendered by any process is stored in Redis for the others, filed under each of its
 * cache tags, so a write drops exactly the answers showing what it changed. Redis entries
 * live as long as the answer is fresh (RESPONSE_CACHE_TTL_SECONDS); stale copies for an outage stay
 * local. While Redis is unreachable the cache is bypassed altogether (see app.ts), so this tier is
 * never asked then.
 */
export function createSharedTier({ redis, bus, cache, ttlMs }: { redis: SharedRedis; bus: ContentBus; cache: ResponseCache; ttlMs: number }): SharedTier {
  const keyOf = (key: string) => sharedAnswerKey(redis.prefix, key);

  const middleware: RequestHandler = (req, res, next) => {
    const lookup = cache.lookup(req);
    if (!lookup) return next();
    // Known before anything is read: a purge after it keeps what this render makes out of Redis.
    (res as TieredResponse)[STARTED_AFTER] = bus.generation;
    redis.client.getBuffer(keyOf(lookup.key)).then(
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
    store(key, answer, res) {
      const size = answer.br.length + answer.gzip.length;
      // Keys are a fixed-size hash of the cache's key; values live no longer than the answer is fresh.
      const lifeMs = Math.min(ttlMs, MAX_SHARED_TTL_MS) - (Date.now() - answer.storedAt);
      if (!redis.up || size > MAX_SHARED_BYTES || lifeMs <= 0) return;
      // Unknown (the lookup did not run): any purge of its tags within the hour keeps it out.
      const startedAfter = (res as TieredResponse)[STARTED_AFTER] ?? -1;
      const tags = [...tagsOfHeaders(answer.headers), EVERYTHING];
      const answerKey = keyOf(key);
      const keys = [answerKey, ...tags.map((tag) => tagMarkKey(redis.prefix, tag)), ...tags.map((tag) => tagSetKey(redis.prefix, tag))];
      redis.client
        .eval(STORE_SCRIPT, keys.length, ...keys, encodeAnswer(answer), String(lifeMs), String(startedAfter), String(MAX_SHARED_TTL_MS))
        .catch((error: unknown) => redis.fellBack('storing into the shared response cache', error));
    },
  };
}
