import type { Logger } from 'pino';
import { type ApiKeyUsageCount, utcDay } from '../../../schema/src/index.js';

/** How often a process writes the requests it counted per key: the owner's list lags by at most this. */
export const API_KEY_USAGE_FLUSH_MS = 5_000;

export interface ApiKeyUsageTally {
  /** One request with this key, now (counted on its UTC day). Costs no I/O. */
  count(keyId: number, at?: Date): void;
  /** Writes what was counted since the last flush; on failure it is kept for the next one. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left: a clean shutdown loses no count. */
  close(): Promise<void>;
}

export interface ApiKeyUsageTallyOptions {
  /** Adds the counts to the database (ApiKeyService.recordUsage: one upsert). */
  record(counts: ApiKeyUsageCount[]): Promise<void>;
  logger: Pick<Logger, 'warn' | 'error'>;
  flushEveryMs?: number;
}

/**
 * Per-key daily request counts, kept in memory and written every few seconds in one statement, so
 * a keyed request never waits for a write of its own. Counts add up across processes (the upsert
 * adds). A failed write keeps its counts for the next attempt; only a crash loses the last seconds.
 */
export function createApiKeyUsageTally({ record, logger, flushEveryMs = API_KEY_USAGE_FLUSH_MS }: ApiKeyUsageTallyOptions): ApiKeyUsageTally {
  let pending = new Map<string, ApiKeyUsageCount>();
  let writing: Promise<void> = Promise.resolve();

  const add = (into: Map<string, ApiKeyUsageCount>, count: ApiKeyUsageCount) => {
    const slot = `${count.keyId}|${count.day}`;
    const known = into.get(slot);
    if (!known) into.set(slot, { ...count });
    else {
      known.requests += count.requests;
      if (count.lastUsedAt > known.lastUsedAt) known.lastUsedAt = count.lastUsedAt;
    }
  };

  const writeOnce = async () => {
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      await record(batch);
    } catch (error) {
      // Kept for the next flush (counted meanwhile requests join them).
      for (const count of batch) add(pending, count);
      throw error;
    }
  };

  // One write at a time: a flush asked for during another runs after it.
  const flush = () => {
    writing = writing.catch(() => undefined).then(writeOnce);
    return writing;
  };

  const timer = setInterval(() => {
    flush().catch((error: unknown) => logger.warn({ err: error, keys: pending.size }, 'writing API key usage failed; retrying at the next flush'));
  }, flushEveryMs);
  timer.unref();

  return {
    count(keyId, at = new Date()) {
      add(pending, { keyId, day: utcDay(at), requests: 1, lastUsedAt: at });
    },
    flush,
    async close() {
      clearInterval(timer);
      try {
        await flush();
      } catch (error) {
        const lost = [...pending.values()];
        logger.error({ err: error, lost }, 'API key usage could not be written at shutdown: these counts are lost');
      }
    },
  };
}
