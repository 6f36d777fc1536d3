import { LRUCache } from 'lru-cache';
import { RateLimiterCompatibleAbstract, RateLimiterRes } from 'rate-limiter-flexible';

/** One key's fixed window: the points taken in it and when it ends (ms since the epoch). */
interface Window {
  points: number;
  endsAt: number;
}

/**
 * A limit's counts in memory, keys included, unless it names its own bound: about 20,000 client
 * addresses in one window, so many addresses cannot grow a limit without bound.
 */
export const DEFAULT_LIMIT_MEMORY_BYTES = 4 * 1024 * 1024;

/** Bytes one window is counted at besides its key (two bytes a character): the entry and its bookkeeping. */
const WINDOW_BYTES = 96;

export interface BoundedMemoryLimiterOptions {
  points: number;
  windowSeconds: number;
  /** The counts' bound in bytes, keys included; the least recently counted keys are dropped first. */
  maxBytes?: number;
  /** The windows' clock, in ms (tests move it). */
  now?: () => number;
}

/**
 * A rate-limiter-flexible limiter (fixed windows; points taken, given back, refused past the
 * limit) in this process's memory, bounded in bytes: rate-limiter-flexible's own memory limiter
 * keeps every key seen in a window, however many. A key dropped under pressure starts a new window
 * when it comes back. Used on its own, or as the insurance of a Redis limiter while Redis is down.
 */
export function boundedMemoryLimiter({ points, windowSeconds, maxBytes = DEFAULT_LIMIT_MEMORY_BYTES, now = Date.now }: BoundedMemoryLimiterOptions): RateLimiterCompatibleAbstract {
  return new BoundedMemoryLimiter(points, windowSeconds * 1000, new LRUCache({ maxSize: maxBytes, sizeCalculation: (_window, key) => 2 * key.length + WINDOW_BYTES }), now);
}

/** rate-limiter-flexible's interface for limiters of other stores (RateLimiterCompatibleAbstract), over an LRU cache. */
class BoundedMemoryLimiter extends RateLimiterCompatibleAbstract {
  constructor(
    private readonly points: number,
    private readonly windowMs: number,
    private readonly windows: LRUCache<string, Window>,
    private readonly now: () => number,
  ) {
    super();
    // Values in place of the abstract class's accessors, which throw until a limiter defines them.
    Object.defineProperties(this, {
      keyPrefix: { value: '' },
      blockDuration: { value: 0, writable: true },
      execEvenly: { value: false, writable: true },
    });
  }

  private result(window: Window, changed: number): RateLimiterRes {
    const msBeforeNext = Number.isFinite(window.endsAt) ? Math.max(0, window.endsAt - this.now()) : -1;
    return new RateLimiterRes(Math.max(this.points - window.points, 0), msBeforeNext, window.points, window.points === changed);
  }

  /** The key's window, a new one when it has ended (or there is none). */
  private add(key: string | number, points: number): RateLimiterRes {
    const at = this.now();
    const name = String(key);
    let window = this.windows.get(name);
    if (!window || window.endsAt <= at) return this.start(name, points, this.windowMs);
    window = { points: window.points + points, endsAt: window.endsAt };
    // Set again, so its size and recency are counted.
    this.windows.set(name, window);
    return this.result(window, points);
  }

  private start(key: string, points: number, windowMs: number): RateLimiterRes {
    const window = { points, endsAt: windowMs > 0 ? this.now() + windowMs : Number.POSITIVE_INFINITY };
    this.windows.set(key, window);
    return this.result(window, points);
  }

  override consume(key: string | number, points = 1): Promise<RateLimiterRes> {
    const counted = this.add(key, points);
    return counted.consumedPoints > this.points ? Promise.reject(counted) : Promise.resolve(counted);
  }

  override penalty(key: string | number, points = 1): Promise<RateLimiterRes> {
    return Promise.resolve(this.add(key, points));
  }

  override reward(key: string | number, points = 1): Promise<RateLimiterRes> {
    return Promise.resolve(this.add(key, -points));
  }

  override get(key: string | number): Promise<RateLimiterRes | null> {
    const window = this.windows.get(String(key));
    return Promise.resolve(window && window.endsAt > this.now() ? this.result(window, 0) : null);
  }

  override set(key: string | number, points: number, secDuration: number): Promise<RateLimiterRes> {
    return Promise.resolve(this.start(String(key), points, secDuration * 1000));
  }

  override block(key: string | number, secDuration: number): Promise<RateLimiterRes> {
    return this.set(key, this.points + 1, secDuration);
  }

  override delete(key: string | number): Promise<boolean> {
    return Promise.resolve(this.windows.delete(String(key)));
  }
}
