import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { LRUCache } from 'lru-cache';
import type { RateLimiterLike } from 'rate-limiter-flexible';
import { TooManyRequestsError } from '../../../schema/src/index.js';
import { sendError } from '../middleware/error-response.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { type BoundedMemoryLimiterOptions, boundedMemoryLimiter } from './bounded-limit-store.js';
import { sharedLimiter } from './shared-limit-store.js';

/**
 * Every limit of the site is one mechanism: a rate-limiter-flexible counter per key in fixed
 * windows (this process's memory, or Redis shared by every process), and one answer when it is
 * spent, answerTooManyRequests: 429 with RateLimit, RateLimit-Policy and Retry-After.
 */

/** The requests and API limits count in one-minute windows. */
const WINDOW_SECONDS = 60;

/** Counts one more request for a key: the requests counted in its window, and the ms until it ends. */
export type LimitCounter = (key: string) => Promise<{ used: number; msBeforeReset: number }>;

/**
 * A per-key counter (rate-limiter-flexible): this process's memory, or with Redis shared by every
 * process (a limit of N is N across them), each process counting on its own while Redis is down.
 */
export function limitCounter(name: string, points: number, redis: SharedRedis | null, windowSeconds = WINDOW_SECONDS): LimitCounter {
  return countWith(limitStore(name, points, windowSeconds, redis), redis);
}

/** The memory half of a limit: its bound in bytes, and the clock of its windows. */
export type MemoryBound = Pick<BoundedMemoryLimiterOptions, 'maxBytes' | 'now'>;

/**
 * The store of a limit's counts: Redis when the site has it (insured by memory while it is down),
 * else memory; memory always bounded in bytes, keys included (its own bound, else the default one).
 */
function limitStore(name: string, points: number, windowSeconds: number, redis: SharedRedis | null, bound?: MemoryBound): RateLimiterLike {
  const memory = boundedMemoryLimiter({ points, windowSeconds, ...bound });
  return redis ? sharedLimiter(redis, name, points, windowSeconds, memory) : memory;
}

function countWith(limiter: RateLimiterLike, redis: SharedRedis | null): LimitCounter {
  // Chained, not awaited: its caller (a verdict) awaits it, and turns a throw into a rejection.
  return (key) => {
    if (redis && !redis.up) redis.fellBack('rate limit');
    // A penalty counts the request whatever the total (it never refuses): the limit is compared
    // here, so one counter serves keys with different limits. Counting and comparing the count it
    // returns is atomic: of concurrent requests, exactly the limit get through.
    return limiter.penalty(key, 1).then((counted) => ({ used: counted.consumedPoints, msBeforeReset: counted.msBeforeNext }));
  };
}

/** How a window reads in a policy's name: `1min`, `1h`, else seconds. */
function windowName(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}min`;
  return `${seconds}s`;
}

/**
 * The IETF RateLimit headers (draft 8: `RateLimit` and `RateLimit-Policy`, named like
 * `"120-in-1min"`) of a request counted against `limit`, and its Retry-After when it is over.
 */
export function limitHeaders(key: string, limit: number, windowSeconds: number, state: { used: number; msBeforeReset: number }) {
  const name = `"${limit}-in-${windowName(windowSeconds)}"`;
  const resetSeconds = Math.max(0, Math.ceil(state.msBeforeReset / 1000));
  return {
    // Names in lower case, as Node keys headers: no new string per request (they are on every API read).
    headers: [
      ['ratelimit', `${name}; r=${Math.max(limit - state.used, 0)}; t=${resetSeconds}`],
      ['ratelimit-policy', `${name}; q=${limit}; w=${windowSeconds}; pk=:${partitionKey(key)}:`],
    ] as [string, string][],
    retryAfterSeconds: Math.max(1, resetSeconds),
  };
}

/**
 * The one answer of every spent limit: 429 with the limit's RateLimit headers, Retry-After and
 * the limit's message, never stored. Limits inside a handler throw TooManyRequestsError, and the
 * error handler answers with this; middleware limits call it directly.
 */
export function answerTooManyRequests(res: Response, refusal: TooManyRequestsError): void {
  for (const [name, value] of refusal.headers) res.setHeader(name, value);
  res.setHeader('Retry-After', String(refusal.retryAfterSeconds));
  sendError(res, 429, refusal.message);
}

export interface ConsumingLimitOptions {
  /** Names the counts in the store (Redis keys are prefixed with it). */
  name: string;
  points: number;
  windowSeconds: number;
  redis: SharedRedis | null;
  /** The 429's message. */
  message: string;
  /** Counts kept in memory (alone, or while Redis is down) within this many bytes, on this clock. */
  memory?: MemoryBound;
}

/** A limit taken inside a handler, before costly work or a write (renders, inquiries). */
export interface ConsumingLimit {
  /**
   * Takes a point for the key, atomically: of concurrent calls exactly the limit succeed, and a
   * refused call takes none.
   * @throws TooManyRequestsError (with the limit's headers) when the key has spent its points.
   */
  consume(key: string): Promise<void>;
  /** Gives a point back, when the work it paid for did not happen. */
  refund(key: string): Promise<void>;
}

export function consumingLimit({ name, points, windowSeconds, redis, message, memory }: ConsumingLimitOptions): ConsumingLimit {
  const store = limitStore(name, points, windowSeconds, redis, memory);
  const count = countWith(store, redis);
  return {
    async consume(key) {
      const state = await count(key);
      if (state.used <= points) return;
      // A refused attempt is taken back: the count stays that of admitted work, so a refund frees a place.
      await store.reward(key, 1).catch(() => undefined);
      const { headers, retryAfterSeconds } = limitHeaders(key, points, windowSeconds, { ...state, used: points });
      throw new TooManyRequestsError(message, retryAfterSeconds, headers);
    },
    async refund(key) {
      await store.reward(key, 1);
    },
  };
}

/** A connection's last address key, with the X-Forwarded-For header it was worked out from. */
const ADDRESS_KEY = Symbol('client address key');
type KeyedSocket = Request['socket'] & { [ADDRESS_KEY]?: { forwardedFor: string | string[] | undefined; key: string } };

/**
 * The client's address as its key; an IPv6 client is counted by its /56, which one subscriber usually holds.
 * `req.ip` depends only on the connection's address, X-Forwarded-For and the app's fixed proxy trust,
 * so a kept-alive connection's key is worked out once while that header stays the same (parsing the
 * header and the address took about 1.6 % of a cached POST's CPU: decision 044).
 */
export function clientAddressKey(req: Request): string {
  const socket = req.socket as KeyedSocket | undefined;
  const forwardedFor = req.headers?.['x-forwarded-for'];
  const known = socket?.[ADDRESS_KEY];
  if (known && known.forwardedFor === forwardedFor) return known.key;
  const key = ipKeyGenerator(req.ip ?? socket?.remoteAddress ?? '');
  if (socket) socket[ADDRESS_KEY] = { forwardedFor, key };
  return key;
}

/** Partition keys of recent clients: a client's every request would hash the same key again. */
const partitionKeys = new LRUCache<string, string>({ max: 10_000 });

/** The RateLimit-Policy `pk`: a short hash of the key, so the header never shows an address or a key id. */
export function partitionKey(key: string): string {
  let hashed = partitionKeys.get(key);
  if (hashed === undefined) {
    hashed = Buffer.from(createHash('sha256').update(key).digest('hex').slice(0, 12)).toString('base64');
    partitionKeys.set(key, hashed);
  }
  return hashed;
}

export interface PerMinuteLimitOptions {
  counter: LimitCounter;
  /** Requests a minute: fixed, or for this request (a partner key's own limit). */
  limit: number | ((res: Response) => number);
  /** Whose requests are counted together (default: the client's address). */
  key?: (req: Request, res: Response) => string;
  /** The 429's message once the limit is spent (answerTooManyRequests sends it). */
  refusal: (limit: number) => string;
}

/** What counting one request decided: the RateLimit headers of its answer, and whether it is refused. */
export interface LimitVerdict {
  headers: [string, string][];
  /** Set when the request is over the limit: the 429 that follows. */
  refused: TooManyRequestsError | null;
}

/** A limit as middleware, and the same count as a verdict for a way that writes its own answer (decision 037). */
export interface CountingLimit extends RequestHandler {
  /** Counts the request and says what the middleware would do, without touching the response. */
  verdict(req: Request, res: Response): Promise<LimitVerdict>;
  /** Sets a verdict's headers on the response, and sends its 429 when it refuses (after Retry-After). */
  apply(res: Response, verdict: LimitVerdict): void;
}

/**
 * A per-minute limit with the IETF RateLimit headers (draft 8: `RateLimit` and `RateLimit-Policy`,
 * named like `"120-in-1min"`), and Retry-After with the 429 that follows the last allowed request.
 */
export function perMinuteLimit({ counter, limit, key = clientAddressKey, refusal }: PerMinuteLimitOptions): CountingLimit {
  const verdict = async (req: Request, res: Response): Promise<LimitVerdict> => {
    const counted = key(req, res);
    const state = await counter(counted);
    const max = typeof limit === 'number' ? limit : limit(res);
    const { headers, retryAfterSeconds } = limitHeaders(counted, max, WINDOW_SECONDS, state);
    return { headers, refused: state.used <= max ? null : new TooManyRequestsError(refusal(max), retryAfterSeconds, headers) };
  };
  const apply = (res: Response, { headers, refused }: LimitVerdict) => {
    if (refused) return answerTooManyRequests(res, refused);
    for (const [name, value] of headers) res.append(name, value);
  };
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    verdict(req, res).then((decided) => {
      apply(res, decided);
      if (!decided.refused) next();
    }, next);
  };
  return Object.assign(middleware, { verdict, apply });
}

/**
 * All API traffic per client (API_RATE_LIMIT a minute), with standard RateLimit headers. With Redis
 * the count is shared by every process, else it is this process's.
 */
export function apiRateLimit(perMinute: number, redis: SharedRedis | null = null): CountingLimit {
  return perClientPerMinute(perMinute, limitCounter('api', perMinute, redis));
}

/**
 * Pages, feeds, sitemaps and files per client (PAGE_RATE_LIMIT a minute): generous, since a reader
 * loads a page and a few files, but a client crawling thousands of rendered URLs a minute is slowed.
 */
export function pageRateLimit(perMinute: number, redis: SharedRedis | null = null): CountingLimit {
  return perClientPerMinute(perMinute, limitCounter('page', perMinute, redis));
}

function perClientPerMinute(perMinute: number, counter: LimitCounter): CountingLimit {
  return perMinuteLimit({
    counter,
    limit: perMinute,
    refusal: () => `Too many requests: at most ${perMinute} a minute. Please slow down.`,
  });
}
