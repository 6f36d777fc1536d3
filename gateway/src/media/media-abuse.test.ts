// @vitest-environment node
/**
 * The render flood a security probe found: /media/covers/<key> rendered any well-formed key on
 * demand, each cold AVIF costing up to a second of CPU, with no limit. These send the hostile
 * requests and check each defence: unknown keys are refused without rendering, renders are
 * queued with a cap, and uncached requests are budgeted per client while cache hits are not.
 */
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorHandler } from '../middleware/error-handler.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { CoverRenderer, type RenderOptions } from './cover-renderer.js';
import { createMediaRouter, type MediaRouterOptions } from './media.router.js';

const KNOWN = 'cybersecurity--known-story';

/** A renderer whose renders are counted and, when gated, finish only when released. */
function fakeRenderer(queue = { running: 2, waiting: 16, retryAfterSeconds: 2 }) {
  const rendered: string[] = [];
  let gate: Promise<void> | null = null;
  let release = () => {};
  const renderer = new CoverRenderer({
    maxBytes: 1024 * 1024,
    queue,
    rasterise: async (opts: RenderOptions) => {
      rendered.push(`${opts.key} ${opts.width}`);
      if (gate) await gate;
      return Buffer.from(`image ${opts.key} ${opts.width}`);
    },
  });
  return {
    renderer,
    rendered,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

function mediaApp(options: Partial<MediaRouterOptions> & Pick<MediaRouterOptions, 'renderer'>) {
  const lookups: string[] = [];
  const coverKeyExists = async (key: string) => {
    lookups.push(key);
    return key.startsWith('cybersecurity--');
  };
  const app = express()
    .set('trust proxy', true)
    .use('/media', createMediaRouter({ coverKeyExists, ...options }))
    .use(errorHandler({ exposeInternals: false }));
  return { app, lookups };
}

function expectUncacheableError(res: request.Response) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['etag']).toBeUndefined();
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('unknown cover keys', () => {
  it('answer 404 without rendering anything', async () => {
    const fake = fakeRenderer();
    const { app, lookups } = mediaApp({ renderer: fake.renderer });
    const res = await request(app).get('/media/covers/invented-key-123?w=320').expect(404);
    expectUncacheableError(res);
    expect(res.body.message).toBe('No cover image named invented-key-123');
    expect(lookups).toEqual(['invented-key-123']);
    expect(fake.rendered).toEqual([]);
    expect(fake.renderer.stats().entries).toBe(0);
  });

  it('are looked up once while the answer is fresh, whatever the variant', async () => {
    const fake = fakeRenderer();
    const { app, lookups } = mediaApp({ renderer: fake.renderer });
    for (const w of [320, 480, 768, 1024]) await request(app).get(`/media/covers/nobody-wrote-this?w=${w}`).expect(404);
    expect(lookups).toEqual(['nobody-wrote-this']);
    expect(fake.rendered).toEqual([]);
  });

  it('render when an article uses the key, and the stock pool renders without a lookup', async () => {
    const fake = fakeRenderer();
    const { app, lookups } = mediaApp({ renderer: fake.renderer });
    await request(app).get(`/media/covers/${KNOWN}?w=320`).expect(200);
    await request(app).get('/media/covers/fallback-3?w=320').expect(200);
    expect(lookups).toEqual([KNOWN]);
    expect(fake.rendered).toEqual([`${KNOWN} 320`, 'fallback-3 320']);
  });
});

describe('render queue', () => {
  it('answers 503 with Retry-After when every slot and waiting place is taken, and renders nothing more', async () => {
    const fake = fakeRenderer({ running: 1, waiting: 1, retryAfterSeconds: 3 });
    const { app } = mediaApp({ renderer: fake.renderer });
    fake.hold();
    const first = request(app).get(`/media/covers/${KNOWN}?w=320`).then((r) => r);
    const second = request(app).get(`/media/covers/${KNOWN}?w=480`).then((r) => r);
    await vi.waitFor(() => expect(fake.renderer.stats()).toMatchObject({ running: 1, waiting: 1 }), { timeout: 10_000 });

    const refused = await request(app).get(`/media/covers/${KNOWN}?w=768`).expect(503);
    expectUncacheableError(refused);
    expect(refused.headers['retry-after']).toBe('3');
    expect(fake.rendered).toEqual([`${KNOWN} 320`]);

    fake.release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(fake.rendered).toEqual([`${KNOWN} 320`, `${KNOWN} 480`]);
    // Once the queue has room again the refused variant renders.
    await request(app).get(`/media/covers/${KNOWN}?w=768`).expect(200);
  });

  it('shares one render, and one queue place, between concurrent requests for the same variant', async () => {
    const fake = fakeRenderer({ running: 1, waiting: 0, retryAfterSeconds: 1 });
    const { app } = mediaApp({ renderer: fake.renderer });
    fake.hold();
    const same = [0, 1, 2].map(() => request(app).get(`/media/covers/${KNOWN}?w=320`).then((r) => r));
    await vi.waitFor(() => expect(fake.renderer.stats()).toMatchObject({ running: 1, inFlight: 1 }), { timeout: 10_000 });
    fake.release();
    for (const res of await Promise.all(same)) expect(res.status).toBe(200);
    expect(fake.rendered).toEqual([`${KNOWN} 320`]);
  });
});

describe('per-client budget of uncached requests', () => {
  const budget = { points: 3, durationSeconds: 60 };

  it('answers 429 with Retry-After once a client has spent it, without rendering', async () => {
    const fake = fakeRenderer();
    const { app } = mediaApp({ renderer: fake.renderer, renderLimit: budget });
    for (const w of [320, 480, 768]) await request(app).get(`/media/covers/${KNOWN}?w=${w}`).expect(200);
    const res = await request(app).get(`/media/covers/${KNOWN}?w=1024`).expect(429);
    expectUncacheableError(res);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(fake.rendered).toHaveLength(3);
  });

  it('is spent by invented keys too, which then stop reaching the database', async () => {
    const fake = fakeRenderer();
    const { app, lookups } = mediaApp({ renderer: fake.renderer, renderLimit: budget });
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await request(app).get(`/media/covers/probe-${i}`)).status);
    expect(statuses.slice(0, 3)).toEqual([404, 404, 404]);
    expect(new Set(statuses.slice(3))).toEqual(new Set([429]));
    expect(lookups).toHaveLength(3);
    expect(fake.rendered).toEqual([]);
  });

  it('never limits variants already in memory, nor revalidations of them', async () => {
    const fake = fakeRenderer();
    const { app } = mediaApp({ renderer: fake.renderer, renderLimit: budget });
    const warm = await request(app).get(`/media/covers/${KNOWN}?w=320`).expect(200);
    for (const w of [480, 768]) await request(app).get(`/media/covers/${KNOWN}?w=${w}`).expect(200);
    await request(app).get(`/media/covers/${KNOWN}?w=1024`).expect(429);
    for (let i = 0; i < 20; i++) {
      const res = await request(app).get(`/media/covers/${KNOWN}?w=${[320, 480, 768][i % 3]}`).expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    await request(app).head(`/media/covers/${KNOWN}?w=320`).expect(200);
    await request(app).get(`/media/covers/${KNOWN}?w=320`).set('If-None-Match', warm.headers['etag']!).expect(304);
    expect(fake.rendered).toHaveLength(3);
  });

  it('is kept per client: another address still gets its own', async () => {
    const fake = fakeRenderer();
    const { app } = mediaApp({ renderer: fake.renderer, renderLimit: budget });
    for (const w of [320, 480, 768]) {
      await request(app).get(`/media/covers/${KNOWN}?w=${w}&ratio=1x1`).set('X-Forwarded-For', '203.0.113.7').expect(200);
    }
    await request(app).get(`/media/covers/${KNOWN}?w=1024&ratio=1x1`).set('X-Forwarded-For', '203.0.113.7').expect(429);
    await request(app).get(`/media/covers/${KNOWN}?w=1024&ratio=1x1`).set('X-Forwarded-For', '198.51.100.20').expect(200);
  });
});

describe('covers on the real app', () => {
  let testApp: TestApp;
  let seededKey: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const { body } = await request(testApp.app).get('/api/articles?limit=1').expect(200);
    seededKey = (body as Array<{ imageUrl: string }>)[0]!.imageUrl.replace('/media/covers/', '');
  });
  afterAll(() => testApp.close());

  it('renders a seeded article’s cover and the stock pool, and refuses invented keys with 404', async () => {
    const cover = await request(testApp.app).get(`/media/covers/${seededKey}?w=320`).set('Accept', 'image/jpeg').expect(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    await request(testApp.app).get('/media/covers/fallback-8?w=320').set('Accept', 'image/jpeg').expect(200);
    const invented = await request(testApp.app).get(`/media/covers/${seededKey}-but-invented?w=320`).expect(404);
    expect(invented.body).toEqual({ message: `No cover image named ${seededKey}-but-invented` });
    await request(testApp.app).get('/media/covers/fallback-0?w=320').expect(404);
  });

  it('answers malformed cover requests through the one error handler', async () => {
    const res = await request(testApp.app).get(`/media/covers/${seededKey}?w=999`).expect(400);
    expect(res.body).toEqual({
      message: 'w must be one of 320, 480, 768, 1024, 1200',
      errors: [{ field: 'w', message: 'w must be one of 320, 480, 768, 1024, 1200' }],
    });
  });
});
