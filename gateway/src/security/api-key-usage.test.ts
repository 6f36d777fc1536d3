import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeyUsageCount } from '../../../schema/src/index.js';
import { createApiKeyUsageTally } from './api-key-usage.js';

/** The in-memory tally behind per-key daily usage: batched writes that lose nothing on a clean shutdown. */
const logger = { warn: vi.fn(), error: vi.fn() };
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('the API key usage tally', () => {
  it('costs a request no write: counts per key and UTC day are written together, every few seconds', async () => {
    vi.useFakeTimers();
    const batches: ApiKeyUsageCount[][] = [];
    const tally = createApiKeyUsageTally({ record: async (counts) => void batches.push(counts), logger, flushEveryMs: 5_000 });
    tally.count(1, new Date('2026-11-24T23:59:59Z'));
    tally.count(1, new Date('2026-11-24T23:59:58Z'));
    tally.count(1, new Date('2026-11-25T00:00:01Z'));
    tally.count(2, new Date('2026-11-25T00:00:02Z'));
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toEqual([
      { keyId: 1, day: '2026-11-24', requests: 2, lastUsedAt: new Date('2026-11-24T23:59:59Z') },
      { keyId: 1, day: '2026-11-25', requests: 1, lastUsedAt: new Date('2026-11-25T00:00:01Z') },
      { keyId: 2, day: '2026-11-25', requests: 1, lastUsedAt: new Date('2026-11-25T00:00:02Z') },
    ]);
    // Nothing new: no write.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(batches).toHaveLength(1);
    await tally.close();
  });

  it('keeps the counts of a failed write for the next one, and writes what is left on close', async () => {
    const written: ApiKeyUsageCount[] = [];
    let failing = true;
    const tally = createApiKeyUsageTally({
      record: async (counts) => {
        if (failing) throw new Error('database unreachable');
        written.push(...counts);
      },
      logger,
    });
    const at = new Date('2026-11-24T10:00:00Z');
    tally.count(7, at);
    tally.count(7, at);
    await expect(tally.flush()).rejects.toThrow('database unreachable');
    tally.count(7, at);
    failing = false;
    await tally.close();
    expect(written).toEqual([{ keyId: 7, day: '2026-11-24', requests: 3, lastUsedAt: at }]);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('says which counts were lost when the last write at shutdown fails', async () => {
    const tally = createApiKeyUsageTally({
      record: async () => {
        throw new Error('database unreachable');
      },
      logger,
    });
    tally.count(3, new Date('2026-11-24T10:00:00Z'));
    await tally.close();
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0][0]).toMatchObject({ lost: [{ keyId: 3, requests: 1 }] });
  });
});
