import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createResponseCache, type ResponseCacheOptions } from './response-cache.js';

/** A gate a test opens: routes wait on it, so several requests are in flight at once. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * An app with one page behind the cache: it counts its renders, waits for `hold` before answering,
 * and answers with the current `version` and the Cache-Control it is given.
 */
function appWith(options: Partial<ResponseCacheOptions> = {}, cacheControl = 'public, max-age=60') {
  const cache = createResponseCache({ ttlMs: 60_000, maxBytes: 1024 * 1024, ...options });
  const state = { renders: 0, version: 1, hold: Promise.resolve(), cacheControl };
  const started: (() => void)[] = [];
  const app = express();
  app.use(cache.middleware);
  app.get('/page', async (_req, res) => {
    state.renders += 1;
    const version = state.version;
    started.splice(0).forEach((notify) => notify());
    await state.hold;
    res.setHeader('Cache-Control', state.cacheControl);
    res.type('html').send(`<p>version ${version}</p>`);
  });
  /** Resolves when the next render has started. */
  const nextRender = () => new Promise<void>((resolve) => started.push(resolve));
  /** Sends the first request and resolves once its render runs, held at a gate until `open`. */
  const firstRenderHeld = async () => {
    const held = gate();
    state.hold = held.opened;
    const rendering = nextRender();
    const answer = request(app).get('/page').then((r) => r);
    await rendering;
    return { answer, open: held.open };
  };
  return { app, cache, state, nextRender, firstRenderHeld };
}

/** Waits until the cache has counted `n` waiting requests (they arrive over separate sockets). */
async function waiting(cache: { stats: { waited: number } }, n: number) {
  await expect.poll(() => cache.stats.waited).toBeGreaterThanOrEqual(n);
}

describe('response cache: concurrent misses for one answer (decision 033)', () => {
  it('says when the answer being rendered for a URL is stored, after its last byte was sent; at once when none is', async () => {
    const { cache, firstRenderHeld } = appWith();
    await cache.landed('/page');
    const { answer, open } = await firstRenderHeld();
    let storedWhenLanded = -1;
    const landing = cache.landed('/page').then(() => (storedWhenLanded = cache.stats.stored));
    open();
    await answer;
    await landing;
    expect(storedWhenLanded).toBe(1);
  });

  it('renders once for readers who ask at the same time, and serves them all the same bytes', async () => {
    const { app, cache, state, firstRenderHeld } = appWith();
    const { answer: first, open } = await firstRenderHeld();
    const others = Array.from({ length: 7 }, () => request(app).get('/page').then((r) => r));
    await waiting(cache, 7);
    open();
    const answers = [await first, ...(await Promise.all(others))];

    expect(state.renders).toBe(1);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('<p>version 1</p>');
    }
    expect(answers.map((a) => a.headers['x-cache']).sort()).toEqual(['HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'HIT', 'MISS']);
    expect(cache.stats).toMatchObject({ misses: 1, hits: 7, waited: 7, stored: 1 });
  });

  it('never hands a reader who asked after a write the answer rendered before it', async () => {
    const { app, cache, state, firstRenderHeld } = appWith();
    const { answer: before, open } = await firstRenderHeld();
    // Joined before the write: waits for the render in flight.
    const joinedBefore = request(app).get('/page').then((r) => r);
    await waiting(cache, 1);

    state.version = 2;
    cache.invalidate();
    state.hold = Promise.resolve();
    // Asked after the write: does not wait for the old render, renders the new version itself.
    const after = await request(app).get('/page');
    expect(after.text).toBe('<p>version 2</p>');
    expect(after.headers['x-cache']).toBe('MISS');

    open();
    expect((await before).text).toBe('<p>version 1</p>');
    // The old render was not kept (a write came while it ran): the reader who waited for it gets
    // what is stored since, or renders it, never version 1.
    expect((await joinedBefore).text).toBe('<p>version 2</p>');
    expect(cache.stats.stored).toBeGreaterThanOrEqual(1);
  });

  it('lets readers render on their own when the answer cannot be kept, and stops waiting for it', async () => {
    const { app, cache, state, firstRenderHeld } = appWith({}, 'private, no-store');
    const { answer: first, open } = await firstRenderHeld();
    const others = Array.from({ length: 3 }, () => request(app).get('/page').then((r) => r));
    await waiting(cache, 3);
    open();
    const answers = [await first, ...(await Promise.all(others))];
    expect(answers.every((a) => a.status === 200 && a.headers['x-cache'] === 'MISS')).toBe(true);
    expect(state.renders).toBe(4);

    // Known now as an answer the route does not let anyone keep: later readers do not wait at all.
    const waitedBefore = cache.stats.waited;
    const slow = gate();
    state.hold = slow.opened;
    const again = Array.from({ length: 3 }, () => request(app).get('/page').then((r) => r));
    await expect.poll(() => state.renders).toBe(7);
    slow.open();
    await Promise.all(again);
    expect(cache.stats.waited).toBe(waitedBefore);

    // A write may make it keepable (an article published where a 404 was): readers wait again.
    state.cacheControl = 'public, max-age=60';
    cache.invalidate();
    const { answer: leader, open: openLeader } = await firstRenderHeld();
    const follower = request(app).get('/page').then((r) => r);
    await waiting(cache, waitedBefore + 1);
    openLeader();
    expect((await leader).headers['x-cache']).toBe('MISS');
    expect((await follower).headers['x-cache']).toBe('HIT');
  });

  it('stops waiting after coalesceWaitMs and renders, when the first render is slow', async () => {
    const { app, cache, state, firstRenderHeld } = appWith({ coalesceWaitMs: 50 });
    const { answer: first, open } = await firstRenderHeld();
    const second = request(app).get('/page').then((r) => r);
    await waiting(cache, 1);
    // The second reader gave up waiting and is rendering its own copy, while the first still hangs.
    await expect.poll(() => state.renders).toBe(2);
    open();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
  });

  it('does not wait at all when coalesceWaitMs is 0', async () => {
    const { app, cache, state, firstRenderHeld } = appWith({ coalesceWaitMs: 0 });
    const { answer: first, open } = await firstRenderHeld();
    const second = request(app).get('/page').then((r) => r);
    await expect.poll(() => state.renders).toBe(2);
    open();
    await Promise.all([first, second]);
    expect(cache.stats.waited).toBe(0);
  });

  it('has a HEAD wait for a GET being rendered and answer from it; a HEAD alone leads nothing', async () => {
    const { app, cache, state, firstRenderHeld } = appWith();
    const { answer: get, open } = await firstRenderHeld();
    const head = request(app).head('/page').then((r) => r);
    await waiting(cache, 1);
    open();
    expect((await get).headers['x-cache']).toBe('MISS');
    const headAnswer = await head;
    expect(headAnswer.status).toBe(200);
    expect(headAnswer.headers['x-cache']).toBe('HIT');
    expect(state.renders).toBe(1);
  });

  it('wakes the waiting readers when the first reader leaves before its answer is written', async () => {
    const { app, cache, state, nextRender } = appWith();
    const held = gate();
    state.hold = held.opened;
    const server = app.listen(0);
    try {
      const { port } = server.address() as { port: number };
      const leaving = new AbortController();
      const rendering = nextRender();
      const first = fetch(`http://127.0.0.1:${port}/page`, { signal: leaving.signal }).catch((error: unknown) => error);
      await rendering;
      const second = fetch(`http://127.0.0.1:${port}/page`).then(async (r) => ({ cache: r.headers.get('x-cache'), text: await r.text() }));
      await waiting(cache, 1);
      leaving.abort();
      await first;
      // The first render's reader is gone: the waiting reader renders its own copy, once the gate opens.
      await expect.poll(() => state.renders).toBe(2);
      held.open();
      expect(await second).toEqual({ cache: 'MISS', text: '<p>version 1</p>' });
    } finally {
      server.close();
    }
  });
});
