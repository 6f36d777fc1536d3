import express from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { ServiceUnavailableError } from '../../../schema/src/index.js';
import { errorHandler } from '../middleware/error-handler.js';
import { createResponseCache, type ResponseCacheOptions } from './response-cache.js';

/** A route that answers until the "database" goes down, behind the response cache and the error handler. */
function appWith(options: ResponseCacheOptions) {
  const cache = createResponseCache(options);
  const state = { down: false, renders: 0 };
  const app = express();
  app.use(cache.middleware);
  app.get('/news', (_req, res) => {
    if (state.down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    state.renders += 1;
    res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60');
    res.setHeader('ETag', '"v1"');
    res.type('text/plain').send(`news #${state.renders}`);
  });
  app.get('/busy', () => {
    throw new ServiceUnavailableError('busy', 2, 'pool-busy');
  });
  app.use(errorHandler({ exposeInternals: false }));
  return { app, cache, state };
}

async function warm(app: express.Express, path: string) {
  await request(app).get(path).expect(200);
  await expect.poll(async () => (await request(app).get(path)).headers['x-cache']).toBe('HIT');
}

describe('stale-if-error', () => {
  it('answers the last good copy, marked, when rendering again fails after content changed', async () => {
    const { app, cache, state } = appWith({ ttlMs: 60_000, maxBytes: 1_000_000, staleMs: 60_000 });
    await warm(app, '/news');
    cache.invalidate();
    state.down = true;
    const res = await request(app).get('/news');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^news #\d$/);
    const rendered = state.renders;
    expect(res.headers['x-cache']).toBe('STALE');
    expect(res.headers.warning).toBe('110 - "Response is Stale", 111 - "Revalidation Failed"');
    expect(res.headers.age).toMatch(/^\d+$/);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(res.headers['retry-after']).toBeUndefined();
    // The browser's copy still revalidates against it.
    await request(app).get('/news').set('If-None-Match', '"v1"').expect(304);
    expect(cache.stats.stale).toBe(2);

    // Back: rendered again, and the stale answer was never stored as a fresh one.
    state.down = false;
    const back = await request(app).get('/news');
    expect(back.headers['x-cache']).toBe('MISS');
    expect(back.text).toBe(`news #${rendered + 1}`);
  });

  it('serves a copy past its TTL, but not past the stale limit', async () => {
    // The cache's clock is moved by hand (only Date is faked: sockets and timers run as usual), so a
    // busy machine cannot turn "past the TTL" into "past the stale limit".
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { app, cache, state } = appWith({ ttlMs: 50, maxBytes: 1_000_000, staleMs: 1_500 });
      await request(app).get('/news').expect(200);
      await expect.poll(() => cache.stats.stored).toBe(1);
      vi.setSystemTime(Date.now() + 80);
      state.down = true;
      expect((await request(app).get('/news')).headers['x-cache']).toBe('STALE');
      vi.setSystemTime(Date.now() + 1_600);
      const tooOld = await request(app).get('/news');
      expect(tooOld.status).toBe(503);
      expect(tooOld.headers['cache-control']).toBe('no-store');
      expect(tooOld.headers['retry-after']).toBe('5');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps nothing stale when the stale limit is 0, and has no copy for a URL never rendered', async () => {
    const off = appWith({ ttlMs: 60_000, maxBytes: 1_000_000, staleMs: 0 });
    await warm(off.app, '/news');
    off.cache.invalidate();
    off.state.down = true;
    expect((await request(off.app).get('/news')).status).toBe(503);

    const on = appWith({ ttlMs: 60_000, maxBytes: 1_000_000, staleMs: 60_000 });
    on.state.down = true;
    const never = await request(on.app).get('/news');
    expect(never.status).toBe(503);
    expect(never.body.message).toMatch(/briefly unavailable/);
    const busy = await request(on.app).get('/busy');
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('2');
  });
});
