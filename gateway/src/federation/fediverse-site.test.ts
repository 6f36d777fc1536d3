import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Services } from '../../../schema/src/index.js';
import { loadConfig } from '../config/config.js';
import { createFediverseSite, WAITING_RETRY_MS } from './fediverse-site.js';

/** Services whose delivery queue holds `waiting` tasks and hands none out. */
const servicesWith = (waiting: number) => () =>
  ({ fediverseStore: { waiting: async () => waiting, claim: async () => [], purgeExpired: async () => 0 } }) as unknown as Services;

describe('the fediverse site at start', () => {
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au' });

  it('loads Fedify when an earlier run left deliveries waiting, so they go out', async () => {
    const site = createFediverseSite(config, { services: servicesWith(2) });
    site.start();
    await expect.poll(() => site.loaded()).toBe(true);
    await site.close();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again a while later when the database could not say whether deliveries wait', async () => {
    vi.useFakeTimers();
    let answers = 0;
    const errors: string[] = [];
    const site = createFediverseSite(config, {
      services: () =>
        ({
          fediverseStore: {
            waiting: async () => {
              answers += 1;
              if (answers === 1) throw new Error('connection refused');
              return 3;
            },
            claim: async () => [],
            purgeExpired: async () => 0,
          },
        }) as unknown as Services,
      onError: (_error, what) => errors.push(what),
    });
    site.start();
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(site.loaded()).toBe(false);
    await vi.advanceTimersByTimeAsync(WAITING_RETRY_MS);
    await vi.waitFor(() => expect(site.loaded()).toBe(true));
    vi.useRealTimers();
    await site.close();
  });

  it('leaves Fedify unloaded when nothing waits', async () => {
    let asked = 0;
    const site = createFediverseSite(config, {
      services: () => {
        asked += 1;
        return servicesWith(0)();
      },
    });
    site.start();
    await expect.poll(() => asked).toBeGreaterThan(0);
    // The count has been read and answered nothing: a load would have begun in the same turn.
    await new Promise((resolve) => setImmediate(resolve));
    expect(site.loaded()).toBe(false);
    await site.close();
  });
});
