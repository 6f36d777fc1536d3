import express, { type Request } from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { headersOf } from '../security/security-headers.js';
import { createResponseCache } from './response-cache.js';

const asked = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', originalUrl: url, headers }) as unknown as Request;

describe('response cache: holds', () => {
  it('says whether a fresh answer is stored, so the app can skip compressing what the cache will serve', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxBytes: 1024 * 1024 });
    const app = express();
    app.use(cache.middleware);
    app.get('/page', (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=60');
      res.type('html').send('<p>stored</p>');
    });
    expect(cache.holds(asked('/page'))).toBe(false);
    await request(app).get('/page').expect(200);
    await expect.poll(() => cache.holds(asked('/page'))).toBe(true);
    expect((await request(app).get('/page').expect(200)).headers['x-cache']).toBe('HIT');

    expect(cache.holds(asked('/page?other'))).toBe(false);
    expect(cache.holds(asked('/page', { cookie: 'session=1' }))).toBe(false);
    expect(cache.holds({ ...asked('/page'), method: 'POST' } as Request)).toBe(false);
    cache.invalidate();
    expect(cache.holds(asked('/page'))).toBe(false);
  });
});

describe('response cache: keys of GraphQL POSTs', () => {
  it('keeps a body as its hash, so large bodies cannot grow memory the size limit does not count', () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxBytes: 1024 * 1024 });
    const post = (body: unknown) => ({ method: 'POST', originalUrl: '/graphql', headers: {}, body }) as unknown as Request;
    // A valid query padded with a comment to near the 100 kB body limit.
    const padded = { query: `# ${'x'.repeat(99_000)}\n{ breakingNews { id } }` };
    const key = cache.lookup(post(padded))?.key;
    expect(key).toBeDefined();
    expect(key!.length).toBeLessThan(100);
    // Different bodies stay different keys; the same body is the same key.
    expect(cache.lookup(post({ query: '{ breakingNews { id } }' }))?.key).not.toBe(key);
    expect(cache.lookup(post(padded))?.key).toBe(key);
    // Not a GraphQL request (or a batch): never looked up.
    expect(cache.lookup(post({ message: 'hi' }))).toBeNull();
    expect(cache.lookup(post([{ query: '{ breakingNews { id } }' }]))).toBeNull();
  });
});

describe('security headers read once', () => {
  it('are the headers helmet sets on a real response, named in lower case as Node keys them', async () => {
    const middleware = helmet({ referrerPolicy: { policy: 'strict-origin-when-cross-origin' } });
    const app = express();
    app.use(middleware);
    app.get('/', (_req, res) => res.send('ok'));
    const res = await request(app).get('/').expect(200);
    const recorded = headersOf(middleware);
    expect(recorded.length).toBeGreaterThan(8);
    for (const [name, value] of recorded) {
      expect(name).toBe(name.toLowerCase());
      expect(res.headers[name]).toBe(value);
    }
    expect(recorded.some(([name]) => name.toLowerCase() === 'x-powered-by')).toBe(false);
  });
});
