import type { ServerResponse } from 'node:http';

/**
 * Every Cache-Control the site sends, by name: each route declares one (routes/route-table.ts),
 * and every error answer is `noStore`. One freshness contract for public reads: a browser keeps
 * none of them (`max-age=0`, revalidating with the ETag), shared caches keep them for a day
 * (`s-maxage`, SHARED_CACHE_SECONDS), and a write purges exactly the answers showing what it
 * changed by their cache tags (decision 085), so a correction is seen on the reader's next request everywhere.
 */
export type CacheProfileName = 'page' | 'apiRead' | 'graphqlQuery' | 'feed' | 'immutableAsset' | 'revalidatedAsset' | 'staleCopy' | 'private' | 'noStore';

/** How long shared caches (the proxy, a CDN) keep a public read by default: a day, as purges are precise. */
export const DEFAULT_SHARED_CACHE_SECONDS = 86_400;

/**
 * The shared life of every public read (SHARED_CACHE_SECONDS): set once at boot by the app
 * (`setSharedCacheSeconds`), read by every profile. A write purges what it changed at once; this
 * bounds only a purge that never arrives.
 */
let sharedSeconds = DEFAULT_SHARED_CACHE_SECONDS;

export type CacheProfiles = Readonly<Record<CacheProfileName, string>>;

/**
 * The profiles' values. `_responseCacheTtlMs` (this process's own cache life) no longer shortens
 * the shared life: each process drops exactly what a write changed, and so does the proxy.
 */
export function cacheProfiles(_responseCacheTtlMs = 0, shared = sharedSeconds): CacheProfiles {
  return {
    page: `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=300, must-revalidate`,
    apiRead: `public, max-age=0, s-maxage=${shared}, stale-while-revalidate=60`,
    // A query's answer whose schema hints make it public (graphqlQueryProfile).
    graphqlQuery: graphqlQueryProfile(shared),
    feed: `public, max-age=0, s-maxage=${shared}, must-revalidate`,
    // Content-hashed file names: a new build is a new URL.
    immutableAsset: 'public, max-age=31536000, immutable',
    revalidatedAsset: 'public, max-age=0, must-revalidate',
    // The last good copy served while rendering fails: nobody keeps it as fresh.
    staleCopy: 'public, max-age=0, must-revalidate',
    private: 'private, no-cache',
    noStore: 'no-store',
  };
}

/**
 * A GraphQL query's answer whose schema hints make it public: the hints decide whether it is shared
 * at all; how long is the site's shared life, since its tags purge it when its content changes.
 */
export function graphqlQueryProfile(_hintSeconds?: number): string {
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
/** See `feed` (a live binding: it follows `setSharedCacheSeconds`). */
export let FEED = cacheProfiles(0).feed;

/** Sets the shared life of every public read (SHARED_CACHE_SECONDS), once at boot. */
export function setSharedCacheSeconds(seconds: number): void {
  sharedSeconds = seconds;
  FEED = cacheProfiles(0).feed;
}

/** Sets a profile's Cache-Control on an answer (handlers whose answer decides it: an error page, a query). */
export function setCacheProfile(res: ServerResponse, value: string): void {
  res.setHeader('cache-control', value);
}
