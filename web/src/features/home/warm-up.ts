/** Warm-up requests are sent this long after home mounts. */
export const WARM_UP_DELAY_MS = 100;
export const WARM_UP_PATHS = ['/api/articles', '/api/breaking-news'] as const;

type Fetch = (input: string, init: RequestInit) => Promise<unknown>;

/**
 * Schedules HEAD requests that warm the REST endpoints (connections, server caches) shortly
 * after the home page loads. Failures are ignored: warming is best effort. Returns a cancel function.
 */
export function scheduleWarmUp(fetchImpl: Fetch | undefined = globalThis.fetch): () => void {
  if (typeof fetchImpl !== 'function') return () => {};
  const timer = setTimeout(() => {
    for (const path of WARM_UP_PATHS) {
      try {
        fetchImpl(path, { method: 'HEAD', credentials: 'include' }).catch(() => {});
      } catch {
        // A synchronous throw (e.g. a blocked request) is ignored like a rejection.
      }
    }
  }, WARM_UP_DELAY_MS);
  return () => clearTimeout(timer);
}
