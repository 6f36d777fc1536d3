import type { Request } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from '../../../schema/src/index.js';
import { loadConfig } from '../config/config.js';
import type { ContextFor } from '../middleware/request-context.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createWeb } from './web.js';

/** While closed, every service call of a page waits: its render holds its slot. */
function createGate() {
  let open = true;
  let release: () => void = () => undefined;
  let opened = Promise.resolve();
  const started = new Set<Request>();
  return {
    started,
    close() {
      open = false;
      opened = new Promise<void>((resolve) => (release = resolve));
    },
    open() {
      open = true;
      release();
    },
    wrap(context: RequestContext, req: Request): RequestContext {
      if (open) return context;
      started.add(req);
      const services = new Proxy(context.services, {
        get(target, name) {
          const service = target[name as keyof typeof target] as object;
          return new Proxy(service, {
            get: (s, method) => {
              const value = (s as Record<PropertyKey, unknown>)[method];
              return typeof value === 'function' ? async (...args: unknown[]) => opened.then(() => value.apply(s, args)) : value;
            },
          });
        },
      });
      return { ...context, services };
    },
  };
}

const gate = createGate();
let t: TestApp;

beforeAll(async () => {
  const env = { NODE_ENV: 'test', SITE_URL: 'https://news.example.au', PAGE_RENDER_CONCURRENCY: '1', PAGE_RENDER_QUEUE: '1' };
  const config = loadConfig(env);
  const web = (contextFor: ContextFor) => createWeb({ config, contextFor: (req) => gate.wrap(contextFor(req), req), mode: 'source' });
  t = await createTestApp(env, { web });
}, 120_000);
afterAll(() => t?.close());

describe('a burst of uncached pages', () => {
  it('renders one at a time with one waiting, refuses the rest with the static busy page, and serves cached pages meanwhile', async () => {
    await request(t.app).get('/').expect(200);
    await expect.poll(async () => (await request(t.app).get('/').expect(200)).headers['x-cache']).toBe('HIT');

    gate.close();
    const settled: request.Response[] = [];
    const burst = Array.from({ length: 6 }, (_, n) =>
      request(t.app)
        .get(`/search?q=burst${n}`)
        .then((answer) => {
          settled.push(answer);
          return answer;
        }),
    );
    // One renders, one waits: the other four are refused without waiting for either.
    await expect.poll(() => settled.length, { timeout: 20_000 }).toBe(4);
    const bodies = new Set<string>();
    for (const refused of settled) {
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('2');
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      expect(refused.headers['content-security-policy']).toMatch(/style-src[^;]*'sha256-/);
      expect(refused.text).toMatch(/busy right now/);
      // The static page, not a render of the site's error page.
      expect(refused.text).not.toMatch(/data-emotion/);
      bodies.add(refused.text);
    }
    expect(bodies.size).toBe(1);

    // Readers of cached pages never wait behind the queue.
    const cached = await request(t.app).get('/');
    expect(cached.status).toBe(200);
    expect(cached.headers['x-cache']).toBe('HIT');

    // Only the admitted pages began rendering.
    expect(gate.started.size).toBe(1);
    gate.open();
    const answers = await Promise.all(burst);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
  }, 60_000);
});
