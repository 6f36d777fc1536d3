import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import { TooManyRequestsError } from '../../../schema/src/index.js';
import { VITALS_REPORTS_PER_MINUTE } from '../config/config.js';
import { clientAddressKey } from '../security/rate-limits.js';

export { VITALS_REPORTS_PER_MINUTE } from '../config/config.js';
/** The counters' bound in bytes, addresses included; the least recently seen go first. */
export const VITALS_LIMIT_BYTES = 1024 * 1024;
const WINDOW_MS = 60_000;

interface Window {
  used: number;
  endsAt: number;
}

/**
 * Vitals reports per address in fixed one-minute windows, so one client cannot outweigh the
 * readers in the percentiles. An address evicted under pressure starts a new window: the general
 * API limit still holds it.
 */
export function vitalsLimit(perMinute = VITALS_REPORTS_PER_MINUTE, now: () => number = Date.now) {
  const windows = new LRUCache<string, Window>({ maxSize: VITALS_LIMIT_BYTES, sizeCalculation: (_window, key) => 2 * key.length + 96 });
  /** @throws TooManyRequestsError (429 with Retry-After) past the address's reports for the minute. */
  return (req: Request): void => {
    const key = clientAddressKey(req);
    const at = now();
    let window = windows.get(key);
    if (!window || window.endsAt <= at) windows.set(key, (window = { used: 0, endsAt: at + WINDOW_MS }));
    window.used += 1;
    if (window.used > perMinute) {
      const retryAfterSeconds = Math.max(1, Math.ceil((window.endsAt - at) / 1000));
      throw new TooManyRequestsError(`Too many Web Vitals reports: at most ${perMinute} a minute from one address`, retryAfterSeconds);
    }
  };
}
