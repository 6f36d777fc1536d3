/** How long one readiness answer is reused: load balancers and probers poll often, the database is asked once a second at most. */
export const READINESS_CACHE_MS = 1_000;

/**
 * A check whose answer is kept for `ttlMs` and shared by every caller meanwhile, in flight too:
 * a flood of /readyz requests costs the database one query a second, not one each.
 */
export function cachedProbe<T>(check: () => Promise<T>, ttlMs = READINESS_CACHE_MS, now: () => number = Date.now): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | null = null;
  return () => {
    if (last && now() - last.at < ttlMs) return last.answer;
    const answer = check();
    const entry = { at: now(), answer };
    last = entry;
    // A failed check is not kept: the next caller asks again.
    answer.catch(() => {
      if (last === entry) last = null;
    });
    return answer;
  };
}
