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

describe('security headers read once', () => {
  it('are the headers helmet sets on a real response', async () => {
    const middleware = helmet({ referrerPolicy: { policy: 'strict-origin-when-cross-origin' } });
    const app = express();
    app.use(middleware);
    app.get('/', (_req, res) => res.send('ok'));
    const res = await request(app).get('/').expect(200);
    const recorded = headersOf(middleware);
    expect(recorded.length).toBeGreaterThan(8);
    for (const [name, value] of recorded) expect(res.headers[name.toLowerCase()]).toBe(value);
    expect(recorded.some(([name]) => name.toLowerCase() === 'x-powered-by')).toBe(false);
  });
});
