import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { siteForFile, startSite } from './abuse-site.js';
import { expectSiteHeld, summarise, underAttack } from './attack-watch.js';
import { addresses, type Answer, inPool, postJson, request } from './loopback-client.js';

/** A GraphQL document that is a ~90 kB comment and a tiny query: under the 100 kB body limit. */
function paddedQuery(): string {
  return `# ${randomBytes(45_000).toString('hex')}\n{ __typename }`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Every answer an honest status: a 2xx or a 4xx naming the problem, never a 5xx or a dropped connection. */
function expectHonest(answers: readonly Answer[], allowed: (status: number) => boolean) {
  const statuses = answers.map((a) => a.status);
  expect(statuses.every(allowed), `statuses ${summarise(statuses)}`).toBe(true);
}

const site = siteForFile();
afterAll(() => site.stop());

describe('memory: every in-memory structure bounded in bytes', () => {
  it('High 1: 800 unique ~90 kB comment-padded GraphQL bodies from 25 addresses, then 400 more as persisted-query registrations', async () => {
    const s = await site.current();
    const clients = addresses(11, 25);
    const report = await underAttack(s, '127.250.0.1', async () => {
      const plain = await inPool(Array.from({ length: 800 }, (_, i) => i), 12, (i) =>
        postJson(s.port, '/graphql', { query: paddedQuery() }, { from: clients[i % clients.length] }),
      );
      const persisted = await inPool(Array.from({ length: 400 }, (_, i) => i), 12, (i) => {
        const query = paddedQuery();
        return postJson(s.port, '/graphql', { query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } } }, { from: clients[i % clients.length] });
      });
      return [...plain, ...persisted];
    });
    expectSiteHeld(s, report);
    // A query that is mostly comment is answered or refused (4xx), never a 5xx.
    expectHonest(report.result, (status) => status === 200 || (status >= 400 && status < 500));
  });

  it('High 2: 2,000 unique ~15 kB URLs to /api/breaking-news from 20 addresses, each under its API limit', async () => {
    const s = await site.current();
    const clients = addresses(12, 20);
    const report = await underAttack(s, '127.250.0.2', () =>
      inPool(Array.from({ length: 2_000 }, (_, i) => i), 16, (i) =>
        request(s.port, `/api/breaking-news?u${i}=${randomBytes(7_500).toString('hex')}`, { from: clients[i % clients.length], keepBytes: 0 }),
      ),
    );
    expectSiteHeld(s, report);
    // Unknown parameters are normalised away (200) or refused (400, 414, 431): never a 5xx, never a reset.
    expectHonest(report.result, (status) => status === 200 || (status >= 400 && status < 500));
  });

  it('High 2: 1,200 unique searches from 40 addresses fill the response cache with rendered pages; then 800 concurrent ones from one address', async () => {
    const s = await site.current();
    const clients = addresses(13, 40);
    const topics = ['cloud', 'telco', 'chip', 'rural', 'bank', 'nbn'];
    const report = await underAttack(s, '127.250.0.4', async () => {
      // About as many compressed pages as the embedded database's 8 MB cache holds.
      const filling = await inPool(Array.from({ length: 1_200 }, (_, i) => i), 16, (i) =>
        request(s.port, `/search?q=${topics[i % topics.length]}+${i}`, { from: clients[i % clients.length], keepBytes: 0 }),
      );
      const burst = await inPool(Array.from({ length: 800 }, (_, i) => i), 800, (i) => request(s.port, `/search?q=outage+${i}`, { from: '127.13.9.1', timeoutMs: 30_000, keepBytes: 0 }));
      return [...filling, ...burst];
    });
    expectSiteHeld(s, report);
    // Pages, or the cheap refusals: a page limit (429), a full render queue (503); a connection over the address's cap is closed (0).
    expectHonest(report.result, (status) => status === 200 || status === 429 || status === 503 || status === 0);
  });

  it('Medium 6: 2,000 requests with 8 kB URLs that end in 404 and 429 from one client log at most 1 MB', async () => {
    const s = await site.current();
    const before = s.logBytes();
    const report = await underAttack(s, '127.250.0.3', () =>
      inPool(Array.from({ length: 2_000 }, (_, i) => i), 12, (i) =>
        request(s.port, `/api/no-such-resource-${i}?pad=${'x'.repeat(8_000)}`, { from: '127.13.0.1', keepBytes: 0 }),
      ),
    );
    expectSiteHeld(s, report);
    const statuses = report.result.map((a) => a.status);
    expect(statuses.includes(429), `the API limit should have refused some: ${summarise(statuses)}`).toBe(true);
    // A line per 4xx with its full URL wrote 8 MB in 10 s: sampled, summarised and truncated lines stay small.
    const logged = s.logBytes() - before;
    expect(logged, `${logged} bytes of logs for 2,000 refused requests`).toBeLessThanOrEqual(1024 * 1024);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('memory: persisted queries in Redis', () => {
  it('Medium 3: 200 registrations of ~90 kB documents from one client keep at most 2 MB in Redis, for at most an hour', async () => {
    const prefix = `abuse${randomBytes(4).toString('hex')}`;
    const redis = new Redis(process.env.TEST_REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const shared = await startSite({ env: { REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_KEY_PREFIX: prefix } });
    try {
      const report = await underAttack(shared, '127.250.0.4', () =>
        inPool(Array.from({ length: 200 }, (_, i) => i), 8, () => {
          const query = paddedQuery();
          return postJson(shared.port, '/graphql', { query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256(query) } } }, { from: '127.14.0.1' });
        }),
      );
      expectSiteHeld(shared, report);
      expectHonest(report.result, (status) => status === 200 || (status >= 400 && status < 500));
      const keys: string[] = [];
      for (let cursor = '0', first = true; first || cursor !== '0'; first = false) {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        keys.push(...found);
      }
      let bytes = 0;
      let longestTtl = 0;
      for (const key of keys) {
        if ((await redis.type(key)) !== 'string') continue;
        bytes += await redis.strlen(key);
        longestTtl = Math.max(longestTtl, await redis.ttl(key));
      }
      expect(bytes, `${keys.length} keys hold ${bytes} bytes`).toBeLessThanOrEqual(2 * 1024 * 1024);
      expect(longestTtl, 'a persisted query lives at most an hour').toBeLessThanOrEqual(3_600);
    } finally {
      await shared.stop();
      const left = await redis.keys(`${prefix}:*`);
      if (left.length) await redis.del(...left);
      redis.disconnect();
    }
  });
});
