/**
 * Pages, feeds, sitemaps and the client's files: a generous per-client rate limit, and no source
 * maps in production unless SERVE_SOURCE_MAPS asks.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

describe('page rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A stand-in for the web app: any page answers 200.
    t = await createTestApp({ PAGE_RATE_LIMIT: '4', API_RATE_LIMIT: '100' }, { web: () => [(_req, res) => void res.type('html').send('<p>page</p>')] });
  });
  afterAll(() => t.close());

  it('limits pages, feeds and sitemaps per client, with standard headers, and leaves the API, media and health alone', async () => {
    const first = await request(t.app).get('/about').expect(200);
    expect(first.headers['ratelimit-policy']).toMatch(/q=4/);
    await request(t.app).get('/robots.txt').expect(200);
    await request(t.app).get('/rss.xml').expect(200);
    await request(t.app).get('/sitemap.xml').expect(200);
    for (const path of ['/', '/categories/edtech', '/rss.xml', '/sitemaps/pages.xml', '/assets/boot.js']) {
      const refused = await request(t.app).get(path).expect(429);
      expect(refused.headers['content-type']).toMatch(/application\/json/);
      expect(refused.body.message).toMatch(/^Too many requests: at most 4 a minute/);
      expect(refused.headers['retry-after']).toBeTruthy();
      expect(refused.headers['cache-control']).toBe('no-store');
    }
    await request(t.app).get('/api/breaking-news').expect(200);
    await request(t.app).get('/healthz').expect(200);
    expect((await request(t.app).get('/media/covers/fallback-1?w=320')).status).not.toBe(429);
  });

  it('defaults to 1200 a minute', async () => {
    const d = await createTestApp({}, { web: () => [(_req, res) => void res.type('html').send('<p>page</p>')] });
    try {
      const res = await request(d.app).get('/').expect(200);
      expect(res.headers['ratelimit-policy']).toMatch(/q=1200/);
    } finally {
      await d.close();
    }
  });
});

describe('source maps', () => {
  let dir: string;
  let prod: TestApp;
  let prodServing: TestApp;
  let dev: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'client-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets/boot-abc123.js'), 'console.log(1);\n//# sourceMappingURL=boot-abc123.js.map\n');
    await writeFile(path.join(dir, 'assets/boot-abc123.js.map'), '{"version":3,"sources":["../../web/src/client/boot.ts"],"mappings":""}');
    // The built client as web.ts serves it: static files from dist/client.
    const web = { web: () => [express.static(dir, { index: false })] };
    [prod, prodServing, dev] = await Promise.all([
      createTestApp({ NODE_ENV: 'production' }, web),
      createTestApp({ NODE_ENV: 'production', SERVE_SOURCE_MAPS: 'true' }, web),
      createTestApp({ NODE_ENV: 'development' }, web),
    ]);
  });
  afterAll(async () => {
    await Promise.all([prod?.close(), prodServing?.close(), dev?.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    '/assets/boot-abc123.js.map',
    '/assets/boot-abc123.js.m%61p',
    '/assets/boot-abc123.js.MAP',
    '/assets/boot-abc123.js%2Emap',
    '/assets/../assets/boot-abc123.js.map',
    '/assets//boot-abc123.js.map',
  ])('answers %s with a JSON 404 in production', async (path) => {
    const res = await request(prod.app).get(path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.text).not.toContain('mappings');
    expect((await request(prod.app).head(path)).status).toBe(404);
  });

  it('still serves the scripts themselves in production', async () => {
    const res = await request(prod.app).get('/assets/boot-abc123.js').expect(200);
    expect(res.text).toContain('console.log(1)');
  });

  it('serves source maps in production when SERVE_SOURCE_MAPS=true, and outside production', async () => {
    for (const app of [prodServing.app, dev.app]) {
      const res = await request(app).get('/assets/boot-abc123.js.map').expect(200);
      expect(res.text).toContain('mappings');
    }
  });
});
