import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { ContentBus } from '../redis/content-bus.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import type { ResponseCache, SharedAnswer } from './response-cache.js';
import { createSharedTier, MAX_SHARED_BYTES, MAX_SHARED_TTL_MS } from './shared-tier.js';

/** A Redis that records what it is asked to keep. */
function recordingRedis() {
  const sets: { key: string; bytes: number; ttlMs: number }[] = [];
  const client = {
    // The store script: the answer's key first, its value and life after the keys.
    eval: async (_script: string, keyCount: number, ...rest: (string | Buffer)[]) => {
      const [key] = rest;
      const [value, ttlMs] = rest.slice(keyCount);
      sets.push({ key: String(key), bytes: (value as Buffer).length, ttlMs: Number(ttlMs) });
      return 1;
    },
  };
  const redis = { client, prefix: 'site:', up: true, fellBack: () => undefined } as unknown as SharedRedis;
  return { redis, sets };
}

const res = {} as Response;

const answer = (bytes: number): SharedAnswer => ({
  status: 200,
  headers: [['content-type', 'application/json']],
  identityLength: 4 * bytes,
  br: Buffer.alloc(bytes, 'x'),
  gzip: Buffer.alloc(8),
  storedAt: Date.now(),
});

describe('the shared tier in Redis', () => {
  it('keeps every answer under a key of fixed size, for at most its TTL capped at an hour', () => {
    const { redis, sets } = recordingRedis();
    const tier = createSharedTier({ redis, bus: { generation: 3 } as ContentBus, cache: {} as ResponseCache, ttlMs: 24 * 60 * 60 * 1_000 });
    tier.store(`|/api/breaking-news?${'x'.repeat(2_000)}`, answer(100), res);
    tier.store('|/about', answer(100), res);
    expect(sets).toHaveLength(2);
    expect(sets[0].key.length).toBe(sets[1].key.length);
    expect(sets[0].key.length).toBeLessThan(80);
    for (const set of sets) expect(set.ttlMs).toBeLessThanOrEqual(MAX_SHARED_TTL_MS);
  });

  it('leaves an answer over its size cap to the process that rendered it', () => {
    const { redis, sets } = recordingRedis();
    const tier = createSharedTier({ redis, bus: { generation: 1 } as ContentBus, cache: {} as ResponseCache, ttlMs: 60_000 });
    tier.store('|/big', answer(MAX_SHARED_BYTES + 1), res);
    expect(sets).toHaveLength(0);
    tier.store('|/small', answer(1_000), res);
    expect(sets[0].ttlMs).toBeLessThanOrEqual(60_000);
  });
});
