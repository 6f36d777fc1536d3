import type { SharedRedis } from '../redis/shared-redis.js';
import { consumingLimit } from '../security/rate-limits.js';

export interface RenderLimitOptions {
  /** Cover requests per client and window that need work (a lookup or a render). */
  points: number;
  durationSeconds: number;
}

/**
 * A cold page full of covers is some 30 variants; browsing a whole cold site in a minute stays
 * well under 120. A client inventing keys or walking every variant is stopped there, while
 * variants already in memory are never counted.
 */
export const DEFAULT_RENDER_LIMIT: RenderLimitOptions = { points: 120, durationSeconds: 60 };

/**
 * Per-client budget for uncached cover requests, one of the site's limits (rate-limits.ts): with
 * Redis shared by every process, so a client gets the budget once however many serve it.
 */
export function createRenderLimiter({ points, durationSeconds }: RenderLimitOptions, redis: SharedRedis | null = null) {
  const limit = consumingLimit({
    name: 'render',
    points,
    windowSeconds: durationSeconds,
    redis,
    message: `Too many new images requested from your network: at most ${points} every ${durationSeconds} seconds. Please try again later.`,
  });
  return {
    /** @throws TooManyRequestsError (429 with RateLimit headers) when the client has spent its budget. */
    consume: (clientKey: string): Promise<void> => limit.consume(clientKey),
  };
}

export type RenderLimiter = ReturnType<typeof createRenderLimiter>;
