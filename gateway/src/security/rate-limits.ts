import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { LRUCache } from 'lru-cache';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { sendError } from '../middleware/error-response.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { sharedLimiter } from './shared-limit-store.js';

/** Every limit here counts requests in fixed one-minute windows. */
const WINDOW_SECONDS = 60;

/** Counts one more request for a key: the requests counted in its window, and the ms until it ends. */
export type LimitCounter = (key: string) => Promise<{ used: number; msBeforeReset: number }>;

/**
 * A per-key counter (rate-limiter-flexible): this process's memory, or with Redis shared by every
 * process (a limit of N is N across them), each process counting on its own while Redis is down.
 */
export function limitCounter(name: string, points: number, redis: SharedRedis | null): LimitCounter {
  const limiter = redis ? sharedLimiter(redis, name, points, WINDOW_SECONDS) : new RateLimiterMemory({ points, duration: WINDOW_SECONDS });
  // Chained, not awaited: its caller (a verdict) awaits it, and turns a throw into a rejection.
  return (key) => {
    if (redis && !redis.up) redis.fellBack('rate limit');
    // A penalty counts the request whatever the total (it never refuses): the limit is compared
    // here, so one counter serves keys with different limits.
    return limiter.penalty(key, 1).then((counted) => ({ used: counted.consumedPoints, msBeforeReset: counted.msBeforeNext }));
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
  /** Sends the 429 once the limit is spent (RateLimit headers and Retry-After are already set). */
  refuse: (res: Response, limit: number) => void;
}

/** What counting one request decided: the RateLimit headers of its answer, and whether it is refused. */
export interface LimitVerdict {
  headers: [string, string][];
  /** Set when the request is over the limit: the 429 follows, with Retry-After. */
  refused: { limit: number; retryAfterSeconds: number } | null;
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
export function perMinuteLimit({ counter, limit, key = clientAddressKey, refuse }: PerMinuteLimitOptions): CountingLimit {
  const verdict = async (req: Request, res: Response): Promise<LimitVerdict> => {
    const counted = key(req, res);
    const state = await counter(counted);
    const max = typeof limit === 'number' ? limit : limit(res);
    const name = `"${max}-in-1min"`;
    const resetSeconds = Math.max(0, Math.ceil(state.msBeforeReset / 1000));
    return {
      // Names in lower case, as Node keys headers: no new string per request (they are on every API read).
      headers: [
        ['ratelimit', `${name}; r=${Math.max(max - state.used, 0)}; t=${resetSeconds}`],
        ['ratelimit-policy', `${name}; q=${max}; w=${WINDOW_SECONDS}; pk=:${partitionKey(counted)}:`],
      ],
      refused: state.used <= max ? null : { limit: max, retryAfterSeconds: resetSeconds },
    };
  };
  const apply = (res: Response, { headers, refused }: LimitVerdict) => {
    for (const [name, value] of headers) res.append(name, value);
    if (!refused) return;
    res.setHeader('Retry-After', String(refused.retryAfterSeconds));
    refuse(res, refused.limit);
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
    refuse: (res) => sendError(res, 429, `Too many requests: at most ${perMinute} a minute. Please slow down.`),
  });
}
