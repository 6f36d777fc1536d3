import type { ServerResponse } from 'node:http';

/**
 * Every Cache-Control the site sends, by name: each route declares one (routes/route-table.ts),
 * and every error answer is `noStore`. One freshness contract for public reads: a browser keeps
 * none of them (`max-age=0`, revalidating with the ETag), shared caches keep them a short while
 * (`s-maxage`), so a correction is seen on the reader's next request everywhere.
 */
export type CacheProfileName = 'page' | 'apiRead' | 'graphqlQuery' | 'feed' | 'immutableAsset' | 'revalidatedAsset' | 'staleCopy' | 'private' | 'noStore';

/** Shared caches' life of a page when the response cache is off (RESPONSE_CACHE_TTL_SECONDS=0). */
const DEFAULT_SHARED_SECONDS = 60;
/** Feeds, sitemaps, robots.txt and the domain report: crawlers ask often, they change with publishing. */
const FEED_SHARED_SECONDS = 300;

/**
 * How long a shared cache (a CDN, the nginx in front of several processes) may keep an anonymous
 * page: as long as this process's own response cache does (RESPONSE_CACHE_TTL_SECONDS, 60 by
 * default). The process drops its copies on every write; a shared cache in front lags a write by
 * at most this, then revalidates with the ETag.
 */
export function sharedCacheSeconds(responseCacheTtlMs: number): number {
  return responseCacheTtlMs > 0 ? Math.max(1, Math.round(responseCacheTtlMs / 1_000)) : DEFAULT_SHARED_SECONDS;
}

export type CacheProfiles = Readonly<Record<CacheProfileName, string>>;

/** The profiles' values for this process's response cache life. */
export function cacheProfiles(responseCacheTtlMs: number): CacheProfiles {
  const page = sharedCacheSeconds(responseCacheTtlMs);
  return {
    page: `public, max-age=0, s-maxage=${page}, stale-while-revalidate=300, must-revalidate`,
    // Half a page's shared life (30 s by default).
    apiRead: `public, max-age=0, s-maxage=${Math.ceil(page / 2)}, stale-while-revalidate=60`,
    // The default life of a query's answer; the schema's hints shorten it (graphqlQueryProfile).
    graphqlQuery: graphqlQueryProfile(Math.ceil(page / 2)),
    feed: `public, max-age=0, s-maxage=${FEED_SHARED_SECONDS}, must-revalidate`,
    // Content-hashed file names: a new build is a new URL.
    immutableAsset: 'public, max-age=31536000, immutable',
    revalidatedAsset: 'public, max-age=0, must-revalidate',
    // The last good copy served while rendering fails: nobody keeps it as fresh.
    staleCopy: 'public, max-age=0, must-revalidate',
    private: 'private, no-cache',
    noStore: 'no-store',
  };
}

/** A GraphQL query's answer whose schema hints allow `sharedSeconds` in shared caches. */
export function graphqlQueryProfile(sharedSeconds: number): string {
  return `public, max-age=0, s-maxage=${sharedSeconds}`;
}

/** A GraphQL answer whose hints make it personal. */
export const PRIVATE_ANSWER = cacheProfiles(0).private;
/** Errors, writes and inquiries: never stored. */
export const NO_STORE = cacheProfiles(0).noStore;
/** See `staleCopy`. */
export const STALE_COPY = cacheProfiles(0).staleCopy;
/** See `immutableAsset`. */
export const IMMUTABLE_ASSET = cacheProfiles(0).immutableAsset;
/** See `revalidatedAsset`. */
export const REVALIDATED_ASSET = cacheProfiles(0).revalidatedAsset;
/** See `feed`. */
export const FEED = cacheProfiles(0).feed;

/** Sets a profile's Cache-Control on an answer (handlers whose answer decides it: an error page, a query). */
export function setCacheProfile(res: ServerResponse, value: string): void {
  res.setHeader('cache-control', value);
}
