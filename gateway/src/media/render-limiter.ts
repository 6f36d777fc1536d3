import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequestsError } from '../../../schema/src/index.js';

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

/** Per-client budget for uncached cover requests. In memory: one process, like the other limits. */
export function createRenderLimiter({ points, durationSeconds }: RenderLimitOptions) {
  const limiter = new RateLimiterMemory({ points, duration: durationSeconds });
  return {
    /** @throws TooManyRequestsError when the client has spent its budget. */
    async consume(clientKey: string): Promise<void> {
      try {
        await limiter.consume(clientKey);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        throw new TooManyRequestsError(
          `Too many new images requested from your network: at most ${points} every ${durationSeconds} seconds. Please try again later.`,
          Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        );
      }
    },
  };
}

export type RenderLimiter = ReturnType<typeof createRenderLimiter>;
