/** Shared caches' life of a page when the response cache is off (RESPONSE_CACHE_TTL_SECONDS=0). */
const DEFAULT_SHARED_SECONDS = 60;

/**
 * How long a shared cache (a CDN, the nginx in front of several processes) may keep an anonymous
 * page: as long as this process's own response cache does (RESPONSE_CACHE_TTL_SECONDS, 60 by
 * default). The process drops its copies on every write; a shared cache in front lags a write by
 * at most this, then revalidates with the ETag.
 */
export function sharedCacheSeconds(responseCacheTtlMs: number): number {
  return responseCacheTtlMs > 0 ? Math.max(1, Math.round(responseCacheTtlMs / 1_000)) : DEFAULT_SHARED_SECONDS;
}

/** Cache-Control of a server-rendered page (feeds and sitemaps set their own). */
export function pageCacheControl(responseCacheTtlMs: number): string {
  return `public, max-age=0, s-maxage=${sharedCacheSeconds(responseCacheTtlMs)}, stale-while-revalidate=300, must-revalidate`;
}

/** Cache-Control of a public REST read: half a page's shared life (30 s by default). */
export function apiCacheControl(responseCacheTtlMs: number): string {
  return `public, max-age=0, s-maxage=${Math.ceil(sharedCacheSeconds(responseCacheTtlMs) / 2)}, stale-while-revalidate=60`;
}
