/**
 * Handlers before Express (decision 039): in the server's listener they run once, answer without
 * Express's router, and pass on what they do not answer (or their error) to the app; a request
 * that reaches the app another way runs them in the app's stack.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/config.js';
import { createHttpServer } from '../lifecycle/http-server.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { beforeExpress } from './before-express.js';

async function listening(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Express's `app(req, res)` calls `app.handle`, its untyped entry into the router. */
function spyOnHandle(app: Express) {
  return vi.spyOn(app as Express & { handle(...args: unknown[]): void }, 'handle');
}

function smallApp() {
  const app = express();
  const ran: string[] = [];
  const handlers: RequestHandler[] = [
    (req, _res, next) => {
      ran.push(req.originalUrl);
      next();
    },
    (req, res, next) => {
      if (req.url === '/held') return void res.json({ ip: req.ip, encoding: req.acceptsEncodings('br', 'gzip'), linked: res.req === req && req.res === res });
      if (req.url === '/broken') return next(new Error('counter down'));
      if (req.url === '/thrown') throw new Error('thrown');
      next();
    },
  ];
  const front = beforeExpress(app, handlers);
  app.use(front.inApp);
  app.use((req, res) => void res.json({ served: 'app', url: req.originalUrl }));
  app.use(((error: Error, _req, res, _next) => void res.status(500).json({ message: error.message })) as ErrorRequestHandler);
  return { app, listener: front.listener, ran };
}

describe('beforeExpress', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  async function serve(app: Express, listener: RequestListener, born = true) {
    const server = born ? createHttpServer(app, loadConfig({}).http, listener) : createServer(listener);
    const s = await listening(server);
    servers.push(s);
    return s.url;
  }

  it('answers in the listener without Express, with the request as Express would give it', async () => {
    const { app, listener, ran } = smallApp();
    const handle = spyOnHandle(app);
    const url = await serve(app, listener);
    const res = await fetch(`${url}/held`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(await res.json()).toEqual({ ip: '127.0.0.1', encoding: 'br', linked: true });
    expect(ran).toEqual(['/held']);
    expect(handle).not.toHaveBeenCalled();
  });

  it('passes on what it does not answer to the app, whose stack does not run the handlers again', async () => {
    const { app, listener, ran } = smallApp();
    const handle = spyOnHandle(app);
    const url = await serve(app, listener);
    expect(await (await fetch(`${url}/other?x=1`)).json()).toEqual({ served: 'app', url: '/other?x=1' });
    expect(ran).toEqual(['/other?x=1']);
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it("passes a handler's error, or what it throws, to the app's error handler", async () => {
    const { app, listener, ran } = smallApp();
    const url = await serve(app, listener);
    const broken = await fetch(`${url}/broken`);
    expect(broken.status).toBe(500);
    expect(await broken.json()).toEqual({ message: 'counter down' });
    expect(await (await fetch(`${url}/thrown`)).json()).toEqual({ message: 'thrown' });
    expect(ran).toEqual(['/broken', '/thrown']);
  });

  it("gives Express's prototypes to a request from a server not born with them", async () => {
    const { app, listener } = smallApp();
    const url = await serve(app, listener, false);
    expect(await (await fetch(`${url}/held`, { headers: { 'accept-encoding': 'gzip' } })).json()).toEqual({ ip: '127.0.0.1', encoding: 'gzip', linked: true });
  });

  it("runs the handlers in the app's stack for a request that did not come through the listener", async () => {
    const { app, ran } = smallApp();
    expect((await request(app).get('/held').set('accept-encoding', 'gzip').expect(200)).body.encoding).toBe('gzip');
    expect((await request(app).get('/other').expect(200)).body.served).toBe('app');
    expect((await request(app).get('/broken').expect(500)).body.message).toBe('counter down');
    expect(ran).toEqual(['/held', '/other', '/broken']);
  });
});

describe('the app in its server: cached hits before Express', () => {
  let t: TestApp;
  let url: string;
  let close: () => Promise<void>;
  const lines: { msg: string; url: string; status: number }[] = [];

  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
    t = await createTestApp({ RESPONSE_CACHE_TTL_SECONDS: '600' }, { logger });
    ({ url, close } = await listening(createHttpServer(t.app, loadConfig({}).http, t.listener)));
  });
  afterAll(async () => {
    await close();
    await t.close();
  });

  it('answers a cached API read and a cached GraphQL POST without Express, with the same bytes', async () => {
    const handle = spyOnHandle(t.app);
    const post = { method: 'POST', headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' }, body: JSON.stringify({ query: '{ breakingNews { id title } }' }) };
    for (const [path, init] of [['/api/articles/9', {}], ['/graphql', post]] as const) {
      const first = await fetch(`${url}${path}`, init);
      expect(first.headers.get('x-cache')).toBe('MISS');
      const body = await first.text();
      // Stored once compressed, a moment after the first answer.
      await vi.waitFor(async () => expect((await fetch(`${url}${path}`, init)).headers.get('x-cache')).toBe('HIT'));
      handle.mockClear();
      const hit = await fetch(`${url}${path}`, init);
      expect(hit.headers.get('x-cache')).toBe('HIT');
      expect(hit.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
      expect(await hit.text()).toBe(body);
      expect(handle).not.toHaveBeenCalled();
    }
  });

  it("logs a request once, and a malformed body gets the app's 400", async () => {
    lines.length = 0;
    const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":' });
    expect(res.status).toBe(400);
    expect((await res.json()) as { message: string }).toEqual({ message: 'Malformed JSON body: the request body is not valid JSON' });
    expect(await (await fetch(`${url}/api/articles/999999`)).status).toBe(404);
    expect(lines.filter((line) => line.msg === 'request').map(({ url, status }) => [url, status])).toEqual([
      ['/graphql', 400],
      ['/api/articles/999999', 404],
    ]);
  });
});
