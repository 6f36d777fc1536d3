import { describe, expect, it, vi } from 'vitest';

const created = vi.hoisted(() => [] as { stylisPlugins?: unknown }[]);
vi.mock('@emotion/cache', async (original) => {
  const actual = await original<typeof import('@emotion/cache')>();
  return {
    ...actual,
    default: (options: Parameters<typeof actual.default>[0]) => {
      created.push(options);
      return actual.default(options);
    },
  };
});

const { createEmotionCache } = await import('./emotion-cache');

describe('createEmotionCache', () => {
  it('gives every cache the same plugin list, so server renders reuse the CSS Emotion compiled once', () => {
    createEmotionCache();
    createEmotionCache();
    expect(created).toHaveLength(2);
    // Emotion keeps compiled CSS per plugin list by identity: a new (even empty) array per render starts over.
    expect(created[0].stylisPlugins).toBe(created[1].stylisPlugins);
    expect(created[0].stylisPlugins).toEqual([]);
  });
});
