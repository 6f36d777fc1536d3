import type { ApolloServerOptions } from '@apollo/server';
import type { RequestContext } from '../../../schema/src/index.js';
import type { SharedRedis } from '../redis/shared-redis.js';

type PersistedQueryOptions = Exclude<NonNullable<ApolloServerOptions<RequestContext>['persistedQueries']>, false>;
export type PersistedQueryCache = NonNullable<PersistedQueryOptions['cache']>;

/** How long a registered query is kept in Redis after its last registration. */
export const PERSISTED_QUERY_TTL_SECONDS = 24 * 60 * 60;

/**
 * Automatic persisted queries shared by every process: a query registered through one process is
 * found by its hash on the others, so a partner's GET by hash (the URL a CDN caches) works whichever
 * process answers. While Redis is unreachable a lookup misses (the client sends the query again,
 * as the protocol expects) and a registration is dropped.
 */
export function sharedPersistedQueries(redis: SharedRedis): PersistedQueryOptions {
  const key = (name: string) => `${redis.prefix}${name}`;
  const cache: PersistedQueryCache = {
    async get(name) {
      if (!redis.up) return undefined;
      try {
        return (await redis.client.get(key(name))) ?? undefined;
      } catch (error) {
        redis.fellBack('reading a persisted query', error);
        return undefined;
      }
    },
    async set(name, value, options) {
      if (!redis.up) return;
      const ttl = options?.ttl ?? PERSISTED_QUERY_TTL_SECONDS;
      await redis.client.set(key(name), value, 'EX', Math.max(1, Math.round(ttl))).catch((error: unknown) => redis.fellBack('storing a persisted query', error));
    },
    async delete(name) {
      if (!redis.up) return false;
      return (await redis.client.del(key(name)).catch(() => 0)) > 0;
    },
  };
  return { cache, ttl: PERSISTED_QUERY_TTL_SECONDS };
}
