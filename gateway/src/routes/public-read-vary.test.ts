import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

const names = (vary: string | undefined) => (vary ?? '').split(',').map((name) => name.trim().toLowerCase());

describe('public reads name what their answers depend on for shared caches (Vary)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it('a GraphQL query varies by Accept (its answer type and cache key) and by credentials (its CORS headers), cold and warm', async () => {
    for (const expected of ['MISS', 'HIT']) {
      const answer = await request(t.app).post('/graphql').send({ query: '{ categories { slug } }' }).expect(200);
      expect(answer.headers['x-cache']).toBe(expected);
      expect(names(answer.headers.vary)).toEqual(expect.arrayContaining(['accept', 'authorization', 'cookie', 'accept-encoding']));
    }
  });

  it('a REST read varies by credentials: with a cookie it carries no CORS headers, without one it does', async () => {
    const open = await request(t.app).get('/api/articles?limit=2').set('Origin', 'https://partner.example').expect(200);
    const withCookie = await request(t.app).get('/api/articles?limit=2').set('Origin', 'https://partner.example').set('Cookie', 'color-scheme=dark').expect(200);
    expect(open.headers['access-control-allow-origin']).toBe('*');
    expect(withCookie.headers['access-control-allow-origin']).toBeUndefined();
    for (const answer of [open, withCookie]) expect(names(answer.headers.vary)).toEqual(expect.arrayContaining(['authorization', 'cookie']));
  });
});
