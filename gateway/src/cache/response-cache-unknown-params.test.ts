/**
 * Unique junk in a cacheable URL must not become another kept answer: public REST reads refuse
 * parameters they do not read (400), GraphQL answers them uncached, URLs over the cap are not kept.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '100000', RESPONSE_CACHE_TTL_SECONDS: '60' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const entries = () => t.cache!.memory().entries;

describe('unknown query parameters on cacheable reads', () => {
  it('are refused by public REST reads with a 400 naming them, and nothing is kept for them', async () => {
    await request(t.app).get('/api/breaking-news').expect(200);
    await expect.poll(async () => (await request(t.app).get('/api/breaking-news')).headers['x-cache']).toBe('HIT');
    const before = entries();
    for (let i = 0; i < 20; i++) {
      const res = await request(t.app).get(`/api/breaking-news?u${i}=${'x'.repeat(1_000)}`).expect(400);
      expect(res.body.message).toBe(`Unknown query parameter: u${i} (this resource takes none)`);
    }
    const articles = await request(t.app).get('/api/articles?limit=2&cursor=abc').expect(400);
    expect(articles.body.message).toMatch(/^Unknown query parameter: cursor \(this list takes limit, after\)/);
    await request(t.app).get('/api/search?q=x&page=2').expect(400);
    expect(entries()).toBe(before);
  });

  it('name at most a few of many, each shortened', async () => {
    const junk = Array.from({ length: 30 }, (_, i) => `${'n'.repeat(200)}${i}=1`).join('&');
    const res = await request(t.app).get(`/api/breaking-news?${junk}`).expect(400);
    expect(res.body.errors).toHaveLength(5);
    expect(res.body.message.length).toBeLessThan(500);
  });

  it('leave a GraphQL GET answered but not kept', async () => {
    const query = '{ categories { slug } }';
    const before = entries();
    for (let i = 0; i < 3; i++) {
      const res = await request(t.app).get('/graphql').query({ query, u: String(i) }).set('apollo-require-preflight', 'true').expect(200);
      expect(res.body.data.categories.length).toBeGreaterThan(0);
    }
    expect(entries()).toBe(before);
  });
});
