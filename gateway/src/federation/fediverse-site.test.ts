import { describe, expect, it } from 'vitest';
import type { Services } from '../../../schema/src/index.js';
import { loadConfig } from '../config/config.js';
import { createFediverseSite } from './fediverse-site.js';

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
