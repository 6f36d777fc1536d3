import type { ApolloServerOptions, ApolloServerPlugin } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import type { Request } from 'express';
import { GraphQLError } from 'graphql';
import { LRUCache } from 'lru-cache';
import { RateLimiterRes, type RateLimiterLike } from 'rate-limiter-flexible';
import { boundedMemoryLimiter } from '../security/bounded-limit-store.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { clientAddressKey } from '../security/rate-limits.js';
import { sharedLimiter } from '../security/shared-limit-store.js';

type PersistedQueryOptions = Exclude<NonNullable<ApolloServerOptions<object>['persistedQueries']>, false>;
export type PersistedQueryCache = NonNullable<PersistedQueryOptions['cache']>;

/** How long a registered query is kept after its last registration (in memory or in Redis). */
export const PERSISTED_QUERY_TTL_SECONDS = 60 * 60;
/** The longest query text that may be persisted: the site's largest document is about 2 kB. */
export const PERSISTED_QUERY_MAX_LENGTH = 8_192;
/** Memory for persisted queries in this process (without Redis), keys included. */
export const PERSISTED_QUERIES_MEMORY_BYTES = 4 * 1024 * 1024;
/** Registrations one client (address) may make in REGISTRATION_WINDOW_SECONDS. */
export const REGISTRATIONS_PER_CLIENT = 30;
/**
 * Registrations all clients together may make in REGISTRATION_WINDOW_SECONDS while Redis keeps
 * them: past it a query is still answered, only not persisted, so Redis holds at most about
 * 1,000 x 8 kB (8 MB) of them within the TTL.
 */
export const SHARED_REGISTRATIONS = 1_000;
export const REGISTRATION_WINDOW_SECONDS = 10 * 60;

/** What a string costs in memory at most (V8 keeps one or two bytes a character). */
const stringBytes = (text: string) => 2 * text.length + 32;

/** The client's address on a GraphQL context: a property, as Apollo hands each request a copy of the context. */
const CLIENT = Symbol('the address a GraphQL request came from');
type ClientContext = { [CLIENT]?: string };

/** This process's store: least recently used first, bounded in bytes. */
function memoryStore(): PersistedQueryCache {
  const queries = new LRUCache<string, string>({
    maxSize: PERSISTED_QUERIES_MEMORY_BYTES,
    sizeCalculation: (value, key) => stringBytes(value) + stringBytes(key) + 64,
    ttl: PERSISTED_QUERY_TTL_SECONDS * 1_000,
  });
  return {
    async get(name) {
      return queries.get(name);
    },
    async set(name, value) {
      if (value.length <= PERSISTED_QUERY_MAX_LENGTH) queries.set(name, value);
    },
    async delete(name) {
      return queries.delete(name);
    },
  };
}

/**
 * Shared by every process: a query registered through one process is found by its hash on the
 * others, so a partner's GET by hash (the URL a CDN caches) works whichever process answers.
 * While Redis is unreachable a lookup misses (the client sends the query again, as the protocol
 * expects) and a registration is dropped.
 */
function redisStore(redis: SharedRedis): PersistedQueryCache {
  const key = (name: string) => `${redis.prefix}${name}`;
  return {
    async get(name) {
      if (!redis.up) return undefined;
      try {
        return (await redis.client.get(key(name))) ?? undefined;
      } catch (error) {
        redis.fellBack('reading a persisted query', error);
        return undefined;
      }
    },
    async set(name, value) {
      if (!redis.up || value.length > PERSISTED_QUERY_MAX_LENGTH) return;
      await redis.client.set(key(name), value, 'EX', PERSISTED_QUERY_TTL_SECONDS).catch((error: unknown) => redis.fellBack('storing a persisted query', error));
    },
    async delete(name) {
      if (!redis.up) return false;
      return (await redis.client.del(key(name)).catch(() => 0)) > 0;
    },
  };
}

export interface PersistedQueries {
  /** Apollo's `persistedQueries` option: the store and its TTL. */
  options: PersistedQueryOptions;
  /** Refuses a query too long to persist and a client over its registration limit, before it is kept. */
  plugin: ApolloServerPlugin<object>;
  /** Names the client (its address) of a request's GraphQL context, for the registration limit. */
  bind<T extends object>(context: T, req: Request): T;
}

function refusal(message: string, status: number, code: string, headers: [string, string][] = []): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status, headers: new HeaderMap(headers) } } });
}

/**
 * Automatic persisted queries, bounded: each text at most PERSISTED_QUERY_MAX_LENGTH, kept
 * PERSISTED_QUERY_TTL_SECONDS, in REDIS (shared) or this process's memory (bounded in bytes); a
 * client registers at most REGISTRATIONS_PER_CLIENT in REGISTRATION_WINDOW_SECONDS (429 past it,
 * with Retry-After), and with Redis all clients together SHARED_REGISTRATIONS (past it, answered
 * but not persisted).
 */
export function persistedQueries(redis: SharedRedis | null): PersistedQueries {
  const perClient: RateLimiterLike = redis
    ? sharedLimiter(redis, 'apq-client', REGISTRATIONS_PER_CLIENT, REGISTRATION_WINDOW_SECONDS)
    : boundedMemoryLimiter({ points: REGISTRATIONS_PER_CLIENT, windowSeconds: REGISTRATION_WINDOW_SECONDS });
  const shared = redis ? sharedLimiter(redis, 'apq-all', SHARED_REGISTRATIONS, REGISTRATION_WINDOW_SECONDS) : null;

  // Apollo keeps a registered query right after didResolveOperation (the last hook whose error
  // becomes an answer): the checks run there, once the query's hash has been checked.
  const plugin: ApolloServerPlugin<object> = {
    async requestDidStart() {
      return {
        async didResolveOperation({ metrics, source, contextValue }) {
          if (!metrics.persistedQueryRegister) return;
          if (source.length > PERSISTED_QUERY_MAX_LENGTH) {
            throw refusal(
              `The query is ${source.length} characters long; at most ${PERSISTED_QUERY_MAX_LENGTH} can be persisted: send it without the persistedQuery extension`,
              400,
              'PERSISTED_QUERY_TOO_LARGE',
            );
          }
          try {
            await perClient.consume((contextValue as ClientContext)[CLIENT] ?? 'unknown');
          } catch (refused) {
            if (!(refused instanceof RateLimiterRes)) throw refused;
            const retryAfter = String(Math.max(1, Math.ceil(refused.msBeforeNext / 1_000)));
            throw refusal(
              `Too many persisted queries registered from this address: at most ${REGISTRATIONS_PER_CLIENT} in ${REGISTRATION_WINDOW_SECONDS / 60} minutes; retry in ${retryAfter} s, or send the query without the persistedQuery extension`,
              429,
              'PERSISTED_QUERY_LIMITED',
              [['retry-after', retryAfter]],
            );
          }
          // All clients' budget spent: the query is answered, only not kept.
          if (shared && !(await shared.consume('all').then(() => true, () => false))) metrics.persistedQueryRegister = false;
        },
      };
    },
  };

  return {
    options: { cache: redis ? redisStore(redis) : memoryStore(), ttl: PERSISTED_QUERY_TTL_SECONDS },
    plugin,
    bind(context, req) {
      (context as ClientContext)[CLIENT] = clientAddressKey(req);
      return context;
    },
  };
}
