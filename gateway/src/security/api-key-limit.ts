import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { API_KEY_PREFIX, type ApiKeyCheck, hashApiKey, isWellFormedApiKey } from '../../../schema/src/index.js';
import { sendError } from '../middleware/error-response.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import type { ApiKeyUsageTally } from './api-key-usage.js';
import type { HeaderList } from '../cache/response-cache.js';
import { apiRateLimit, type CountingLimit, type LimitVerdict, limitCounter, perMinuteLimit } from './rate-limits.js';

/** The header a partner sends its key in (HTTP header names are case-insensitive). */
export const API_KEY_HEADER = 'X-Api-Key';

/**
 * How long a process remembers what it learnt of a key (active with its limit, or revoked):
 * keyed requests, cache hits included, cost no database read within it, and a key revoked in
 * any process is refused by every process within this time.
 */
export const API_KEY_CHECK_TTL_MS = 5_000;
/** Keys remembered at most (unknown keys are never remembered, so guessing cannot fill it). */
const REMEMBERED_KEYS = 10_000;

type ActiveKey = Extract<ApiKeyCheck, { status: 'active' }>;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** The partner API key a request came with, once checked. */
      apiKey?: ActiveKey;
    }
  }
}

/** What counting a request decided: the limit's headers for its answer, or the refusal that answers it. */
export interface LimitOutcome {
  headers: HeaderList;
  refuse: ((res: Response) => void) | null;
}

/** A limit as the request gate counts it (routes/request-gate.ts). */
export interface RequestLimit {
  count(req: Request, res: Response): Promise<LimitOutcome>;
}

/** A per-client limit (pages) as the request gate counts it. */
export function requestLimit(limit: CountingLimit): RequestLimit {
  return {
    async count(req, res) {
      const verdict = await limit.verdict(req, res);
      return verdict.refused ? { headers: [], refuse: (answer) => limit.apply(answer, verdict) } : { headers: verdict.headers, refuse: null };
    },
  };
}

export interface ApiAccessLimitOptions {
  /** Requests a minute per client without a key (API_RATE_LIMIT). */
  anonymousPerMinute: number;
  /** Requests a minute per key whose own limit is unset (API_KEY_RATE_LIMIT). */
  keyPerMinute: number;
  /** Shares both limits between processes when set. */
  redis: SharedRedis | null;
  /** Looks a key up by its SHA-256 (hex): ApiKeyService.check. */
  check(req: Request, keyHash: string): Promise<ApiKeyCheck>;
  /** Where an admitted keyed request is counted. */
  usage: ApiKeyUsageTally;
}

/** 401 naming the header: a partner whose key is wrong hears so, never served as anonymous. */
function refuseKey(res: Response, message: string): void {
  res.setHeader('WWW-Authenticate', `ApiKey realm="api", header="${API_KEY_HEADER}"`);
  sendError(res, 401, message);
}

const MALFORMED = `Malformed ${API_KEY_HEADER} header: an API key is "${API_KEY_PREFIX}" followed by 43 letters, digits, "-" or "_". Leave the header out for anonymous access.`;
const UNKNOWN = `Unknown API key in the ${API_KEY_HEADER} header: check the key you were given, or leave the header out for anonymous access.`;
const REVOKED = `The API key in the ${API_KEY_HEADER} header has been revoked: ask the site's owner for a new one, or leave the header out for anonymous access.`;

/**
 * The limit of every /api and /graphql request. Without `X-Api-Key`: the per-client limit, as
 * before. With a valid key: the key's own limit a minute (its `limitPerMinute`, else
 * API_KEY_RATE_LIMIT), whatever address it comes from, and the request is counted for the key's
 * daily usage once admitted. A malformed, unknown or revoked key answers 401 (counted against the
 * client's anonymous limit, so guessing keys is limited like any anonymous traffic). Mounted
 * before the response cache, so cache hits are limited and counted too.
 */
export function apiAccessLimit({ anonymousPerMinute, keyPerMinute, redis, check, usage }: ApiAccessLimitOptions): RequestLimit {
  const anonymous = apiRateLimit(anonymousPerMinute, redis);
  const perKey = perMinuteLimit({
    // The counter's own size does not matter: it counts, and each key's limit is compared to its count.
    counter: limitCounter('api-key', keyPerMinute, redis),
    limit: (res) => res.locals.apiKey?.limitPerMinute ?? keyPerMinute,
    // Counted by key id, not by address: a partner's servers share their key's limit.
    key: (_req, res) => `key:${res.locals.apiKey?.id}`,
    refusal: (limit) => `Too many requests with this API key: at most ${limit} a minute. Please slow down.`,
  });
  const remembered = new LRUCache<string, ApiKeyCheck>({ max: REMEMBERED_KEYS, ttl: API_KEY_CHECK_TTL_MS });

  /** A limit's verdict as the request gate takes it: the 429 sent by the limit itself. */
  const outcomeOf = (limit: CountingLimit, verdict: LimitVerdict): LimitOutcome =>
    verdict.refused ? { headers: [], refuse: (res) => limit.apply(res, verdict) } : { headers: verdict.headers, refuse: null };

  return {
    async count(req, res) {
      const presented = req.headers['x-api-key'];
      if (presented === undefined) return outcomeOf(anonymous, await anonymous.verdict(req, res));
      // Refused after counting against the client's anonymous limit (429 first when that is spent).
      const refuse = async (message: string): Promise<LimitOutcome> => {
        const verdict = await anonymous.verdict(req, res);
        return verdict.refused ? outcomeOf(anonymous, verdict) : { headers: verdict.headers, refuse: (answer) => refuseKey(answer, message) };
      };
      // Repeated headers arrive joined by commas, and an empty or non-ASCII value cannot be a key either.
      if (typeof presented !== 'string' || !isWellFormedApiKey(presented)) return refuse(MALFORMED);
      const keyHash = hashApiKey(presented);
      let found = remembered.get(keyHash);
      if (!found) {
        found = await check(req, keyHash);
        if (found.status !== 'unknown') remembered.set(keyHash, found);
      }
      if (found.status === 'unknown') return refuse(UNKNOWN);
      if (found.status === 'revoked') return refuse(REVOKED);
      const key = found;
      res.locals.apiKey = key;
      const verdict = await perKey.verdict(req, res);
      if (!verdict.refused) usage.count(key.id);
      return outcomeOf(perKey, verdict);
    },
  };
}
