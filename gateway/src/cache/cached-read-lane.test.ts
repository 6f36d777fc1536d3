/**
 * The short way for cached reads (decision 032): the lane's own rules on a fake cache, then the
 * real app, where a hit that takes it must carry the same answer as one through every layer.
 */
import { ServerResponse } from 'node:http';
import express, { type Request, type RequestHandler, type Response } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { cachedReadLane, unlessRanByLane, withLeanPart } from './cached-read-lane.js';
import type { ResponseCache } from './response-cache.js';

/** The lane's own rules are tested without security headers; the app's tests below have them. */
const NO_SECURITY_HEADERS = { securityHeaders: () => [] };

/** A cache that holds the paths given, answering with the request's URL as its mount saw it. */
function fakeCache(heldPaths: string[]) {
  return {
    held: (req: Request) =>
      heldPaths.includes(req.originalUrl) ? { answer: (res: Response) => void res.json({ url: req.url, baseUrl: req.baseUrl, served: 'cache' }) } : null,
  } as unknown as ResponseCache;
}

function laneApp(heldPaths: string[], before: RequestHandler[]) {
  const app = express();
  app.use(cachedReadLane(fakeCache(heldPaths), [{ path: '/api', before }, { path: '/graphql', before }], NO_SECURITY_HEADERS));
  app.use((req, res) => void res.json({ served: 'app', url: req.url }));
  app.use(((error, req, res, _next) => void res.status(500).json({ message: String(error), url: req.url })) as express.ErrorRequestHandler);
  return app;
}

describe('cachedReadLane', () => {
  it("runs the mount's handlers in order, as the mount shows the request, then answers from the cache", async () => {
    const seen: string[] = [];
    const app = laneApp(['/api/articles/9?x=1', '/graphql?query=%7Bx%7D'], [
      (req, _res, next) => (seen.push(`1 ${req.baseUrl} ${req.url}`), next()),
      (req, res, next) => (seen.push(`2 ${req.path}`), res.setHeader('X-Before', 'ran'), next()),
    ]);
    const res = await request(app).get('/api/articles/9?x=1').expect(200);
    expect(res.body).toEqual({ url: '/articles/9?x=1', baseUrl: '/api', served: 'cache' });
    expect(res.headers['x-before']).toBe('ran');
    expect(seen).toEqual(['1 /api /articles/9?x=1', '2 /articles/9']);
    // A query string right after the mount path: the mount sees "/?query=...".
    expect((await request(app).get('/graphql?query=%7Bx%7D').expect(200)).body).toEqual({ url: '/?query=%7Bx%7D', baseUrl: '/graphql', served: 'cache' });
    expect((await request(app).head('/api/articles/9?x=1').expect(200)).headers['x-before']).toBe('ran');
  });

  it('leaves writes, other paths and what the cache does not hold to the app, without running the handlers', async () => {
    const before = vi.fn<RequestHandler>((_req, _res, next) => next());
    const app = laneApp(['/api/articles/9', '/apis/9', '/about'], [before]);
    expect((await request(app).post('/api/articles/9').expect(200)).body.served).toBe('app');
    expect((await request(app).get('/apis/9').expect(200)).body.served).toBe('app');
    expect((await request(app).get('/about').expect(200)).body.served).toBe('app');
    expect((await request(app).get('/api/articles/10').expect(200)).body.served).toBe('app');
    expect(before).not.toHaveBeenCalled();
  });

  it("stops where a handler answers (a limit's 429), and passes an error on with the URL as it came", async () => {
    const limited = laneApp(['/api/articles/9'], [(_req, res) => void res.status(429).json({ message: 'slow down' })]);
    expect((await request(limited).get('/api/articles/9').expect(429)).body.message).toBe('slow down');
    const failing = laneApp(['/api/articles/9'], [(_req, _res, next) => next(new Error('counter down'))]);
    expect((await request(failing).get('/api/articles/9').expect(500)).body).toEqual({ message: 'Error: counter down', url: '/api/articles/9' });
  });

  it('passes on what a handler throws, and what its promise rejects with (a key lookup that fails), as Express does', async () => {
    const throwing = laneApp(['/api/articles/9'], [
      () => {
        throw new Error('thrown');
      },
    ]);
    expect((await request(throwing).get('/api/articles/9').expect(500)).body).toEqual({ message: 'Error: thrown', url: '/api/articles/9' });
    const rejecting = laneApp(['/api/articles/9'], [(async () => Promise.reject(new Error('database unreachable'))) as RequestHandler]);
    expect((await request(rejecting).get('/api/articles/9').expect(500)).body).toEqual({ message: 'Error: database unreachable', url: '/api/articles/9' });
  });

  it('passes a throw while answering from the cache on once, without running the handlers again', async () => {
    const before = vi.fn<RequestHandler>((_req, _res, next) => next());
    const errors = vi.fn<express.ErrorRequestHandler>((error, req, res, _next) => void res.status(500).json({ message: String(error), url: req.url }));
    const cache = { held: () => ({ answer: () => { throw new Error('entry unreadable'); } }) } as unknown as ResponseCache;
    const app = express();
    app.use(cachedReadLane(cache, [{ path: '/api', before: [before] }], NO_SECURITY_HEADERS));
    app.use(errors);
    expect((await request(app).get('/api/articles/9').expect(500)).body).toEqual({ message: 'Error: entry unreadable', url: '/api/articles/9' });
    expect(before).toHaveBeenCalledOnce();
    expect(errors).toHaveBeenCalledOnce();
  });
});

describe('cachedReadLane: the lean way', () => {
  /** A cache that holds every GET, answering with the lists it is given. */
  const listingCache = {
    held: () => ({
      answer: (res: Response) => void res.json({ way: 'usual' }),
      answerWith: (res: Response, lists: [string, string][][], perRequest: [string, string][]) => void res.json({ way: 'lean', lists, perRequest }),
    }),
  } as unknown as ResponseCache;
  const cors = withLeanPart<RequestHandler>((_req, res, next) => (res.setHeader('x-cors', 'yes'), next()), { kind: 'headers', headers: () => [['x-cors', 'yes']] });
  const limitOf = (refused: boolean) => {
    const verdict = { headers: [['ratelimit', 'r=1']] as [string, string][], refused: refused ? { limit: 1, retryAfterSeconds: 9 } : null };
    const limit = Object.assign(((_req, _res, next) => next()) as RequestHandler, {
      verdict: async () => verdict,
      apply: (res: Response) => void res.setHeader('retry-after', '9').status(429).json({ refused: true }),
    });
    return withLeanPart<RequestHandler>(limit, { kind: 'limit', limitFor: (req) => (req.headers['x-api-key'] ? null : limit) });
  };
  const appWith = (before: RequestHandler[]) => {
    const app = express();
    app.use(cachedReadLane(listingCache, [{ path: '/api', before }], { securityHeaders: () => [['x-security', 'on']] }));
    return app;
  };

  it('gathers the security headers and each handler\'s lists in order, the limit\'s apart', async () => {
    const res = await request(appWith([cors, limitOf(false)])).get('/api/x').expect(200);
    expect(res.body).toEqual({ way: 'lean', lists: [[['x-security', 'on']], [['x-cors', 'yes']]], perRequest: [['ratelimit', 'r=1']] });
  });

  it('answers a refusal with the headers gathered before it, and takes the usual way when one handler cannot be lean', async () => {
    const refused = await request(appWith([cors, limitOf(true)])).get('/api/x').expect(429);
    expect(refused.headers).toMatchObject({ 'x-security': 'on', 'x-cors': 'yes', 'retry-after': '9' });
    const plain: RequestHandler = (_req, _res, next) => next();
    const usual = await request(appWith([cors, plain])).get('/api/x').expect(200);
    expect(usual.body).toEqual({ way: 'usual' });
    expect(usual.headers).toMatchObject({ 'x-security': 'on', 'x-cors': 'yes' });
    // A partner's key: the limit itself must run.
    expect((await request(appWith([cors, limitOf(false)])).get('/api/x').set('X-Api-Key', 'k').expect(200)).body).toEqual({ way: 'usual' });
  });
});

describe('cachedReadLane: GraphQL queries by POST', () => {
  /** The mount's handlers: a body parser and a counter, as /graphql has (its limit counts each request once). */
  function postApp(heldQueries: string[]) {
    const counted: string[] = [];
    const before: RequestHandler[] = [express.json(), (req, _res, next) => (counted.push(String((req.body as { query?: string }).query)), next())];
    const cache = {
      held: (req: Request) =>
        heldQueries.includes((req.body as { query?: string } | undefined)?.query ?? '') ? { answer: (res: Response) => void res.json({ served: 'cache' }) } : null,
    } as unknown as ResponseCache;
    const app = express();
    app.use(cachedReadLane(cache, [{ path: '/graphql', before, posts: true }, { path: '/api', before }], NO_SECURITY_HEADERS));
    app.use('/graphql', ...unlessRanByLane(before), (req, res) => void res.json({ served: 'app', query: (req.body as { query: string }).query }));
    app.use('/api', ...unlessRanByLane(before), (_req, res) => void res.json({ served: 'app' }));
    return { app, counted };
  }

  it('reads the body with the mount\'s handlers, then answers a held query from the cache', async () => {
    const { app, counted } = postApp(['{ held }']);
    expect((await request(app).post('/graphql').send({ query: '{ held }' }).expect(200)).body).toEqual({ served: 'cache' });
    expect(counted).toEqual(['{ held }']);
  });

  it('sends a query the cache does not hold on its usual way, its handlers run once', async () => {
    const { app, counted } = postApp([]);
    expect((await request(app).post('/graphql').send({ query: '{ fresh }' }).expect(200)).body).toEqual({ served: 'app', query: '{ fresh }' });
    expect(counted).toEqual(['{ fresh }']);
  });

  it('leaves POSTs with credentials, and POSTs to a mount that keeps none, to the usual way', async () => {
    const { app, counted } = postApp(['{ held }']);
    const signedIn = await request(app).post('/graphql').set('Authorization', 'Bearer editor').send({ query: '{ held }' }).expect(200);
    expect(signedIn.body).toEqual({ served: 'app', query: '{ held }' });
    expect((await request(app).post('/api/things').send({ query: '{ held }' }).expect(200)).body).toEqual({ served: 'app' });
    // Each counted once, by the mount itself.
    expect(counted).toEqual(['{ held }', '{ held }']);
  });
});

/** A GET as a client sends it (GraphQL GETs name themselves as not a simple cross-site request). */
const getAs = (t: TestApp, path: string) => request(t.app).get(path).set('Apollo-Require-Preflight', 'true');

/** Requests a path until the cache answers it (storing is asynchronous: it compresses first). */
async function hitIn(t: TestApp, path: string) {
  await getAs(t, path).expect(200);
  await expect.poll(async () => (await getAs(t, path)).headers['x-cache']).toBe('HIT');
  return getAs(t, path).expect(200);
}

describe('cached reads on the short way, in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT: '50' });
  }, 120_000);
  afterAll(() => t.close());

  const get = (path: string) => getAs(t, path);
  const hitOf = (path: string) => hitIn(t, path);

  it('answers a cached API read with the same headers and body as a hit through every layer', async () => {
    const [latest] = (await request(t.app).get('/api/articles?limit=1').expect(200)).body as { id: number }[];
    const held = vi.spyOn(t.cache!, 'held');
    // Express mounts are case-insensitive, the lane is not: /API/... goes through every layer.
    const throughApp = await hitOf(`/API/articles/${latest.id}`);
    expect(held.mock.results.some((r) => r.value !== null)).toBe(false);
    const shortWay = await hitOf(`/api/articles/${latest.id}`);
    expect(held.mock.results.some((r) => r.value !== null)).toBe(true);
    held.mockRestore();

    expect(shortWay.body).toEqual(throughApp.body);
    const varying = new Set(['date', 'age', 'ratelimit']);
    const same = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !varying.has(name)));
    expect(same(shortWay.headers)).toEqual(same(throughApp.headers));
    expect(shortWay.headers['access-control-allow-origin']).toBe('*');
    expect(shortWay.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(shortWay.headers['cache-control']).toMatch(/^public/);
    expect(shortWay.headers.ratelimit).toMatch(/^"50-in-1min"; r=\d+; t=\d+$/);
  });

  it('answers a GraphQL query by POST on the short way, and counts a miss and a hit once each', async () => {
    const post = () =>
      request(t.app).post('/graphql').set('Content-Type', 'application/json').send({ query: '{ breakingNews { id } }' });
    const remainingOf = (res: { headers: Record<string, string> }) => Number(/r=(\d+)/.exec(res.headers.ratelimit)?.[1]);
    // The API and GraphQL share one limit per client: a read before shows where the count stands.
    const before = await request(t.app).get('/api/breaking-news').expect(200);
    const held = vi.spyOn(t.cache!, 'held');
    const miss = await post().expect(200);
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(remainingOf(miss)).toBe(remainingOf(before) - 1);
    await expect.poll(() => t.cache!.holds({ method: 'POST', originalUrl: '/graphql', headers: {}, body: { query: '{ breakingNews { id } }' } } as never)).toBe(true);
    const hit = await post().expect(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(held.mock.results.some((r) => r.value !== null)).toBe(true);
    held.mockRestore();
    expect(hit.body).toEqual(miss.body);
    expect(remainingOf(hit)).toBe(remainingOf(miss) - 1);
    const another = await post().expect(200);
    expect(remainingOf(another)).toBe(remainingOf(hit) - 1);
  });

  it('counts hits on the short way against the limit, and a GraphQL GET takes it too', async () => {
    const path = `/graphql?query=${encodeURIComponent('{ categories { slug } }')}`;
    const held = vi.spyOn(t.cache!, 'held');
    const first = await hitOf(path);
    expect(first.headers['x-cache']).toBe('HIT');
    expect(held.mock.results.at(-1)?.value).not.toBeNull();
    held.mockRestore();
    const remaining = Number(/r=(\d+)/.exec(first.headers.ratelimit)?.[1]);
    const next = await get(path).expect(200);
    expect(next.headers['x-cache']).toBe('HIT');
    expect(next.headers.ratelimit).toContain(`r=${remaining - 1};`);
    for (let i = 1; i < remaining; i++) await get(path).expect(200);
    const refused = await get(path).expect(429);
    expect(refused.headers['x-cache']).toBeUndefined();
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

});

describe('cached reads on the lean way, in the app (decision 037)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT: '1000' });
  }, 120_000);
  afterAll(() => t.close());

  const get = (path: string) => getAs(t, path);
  const hitOf = (path: string) => hitIn(t, path);
  const varying = new Set(['date', 'age', 'ratelimit', 'connection']);
  const same = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !varying.has(name)));
  const latestId = async () => ((await request(t.app).get('/api/articles?limit=1').expect(200)).body as { id: number }[])[0].id;

  /** Counts setHeader and writeHead on every response while `run` goes. */
  async function writesDuring(run: () => Promise<unknown>) {
    const setHeader = vi.spyOn(ServerResponse.prototype, 'setHeader');
    const writeHead = vi.spyOn(ServerResponse.prototype, 'writeHead');
    try {
      await run();
      return { setHeaders: setHeader.mock.calls.length, writeHeads: writeHead.mock.calls.map((call) => call.slice(0, 2)) };
    } finally {
      setHeader.mockRestore();
      writeHead.mockRestore();
    }
  }

  it('writes a hit in one writeHead, with no header set one by one', async () => {
    const path = `/api/articles/${await latestId()}`;
    await hitOf(path);
    const writes = await writesDuring(() => get(path).expect(200).expect('x-cache', 'HIT'));
    expect(writes.setHeaders).toBe(0);
    expect(writes.writeHeads).toHaveLength(1);
    const [status, headers] = writes.writeHeads[0] as [number, string[]];
    expect(status).toBe(200);
    // One of each: the handlers' headers and the stored ones merged, a later one winning.
    const names = headers.filter((_, i) => i % 2 === 0);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(['content-security-policy', 'access-control-allow-origin', 'cache-control', 'etag', 'ratelimit', 'ratelimit-policy', 'age', 'x-cache', 'vary', 'content-length']),
    );
  });

  it('answers the same as the usual way in every encoding, for HEAD, and with 304 for a matching ETag', async () => {
    const id = await latestId();
    // Express mounts are case-insensitive, the lane is not: /API/... goes the usual way.
    const lean = `/api/articles/${id}`;
    const usual = `/API/articles/${id}`;
    await hitOf(lean);
    await hitOf(usual);
    for (const encoding of ['br', 'gzip', 'identity']) {
      const a = await get(lean).set('Accept-Encoding', encoding).expect(200);
      const b = await get(usual).set('Accept-Encoding', encoding).expect(200);
      expect(same(a.headers)).toEqual(same(b.headers));
      expect(a.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(a.body).toEqual(b.body);
    }
    const headLean = await request(t.app).head(lean).expect(200);
    const headUsual = await request(t.app).head(usual).expect(200);
    expect(same(headLean.headers)).toEqual(same(headUsual.headers));
    const etag = headLean.headers.etag;
    const notModifiedLean = await get(lean).set('If-None-Match', etag).expect(304);
    const notModifiedUsual = await get(usual).set('If-None-Match', etag).expect(304);
    expect(same(notModifiedLean.headers)).toEqual(same(notModifiedUsual.headers));
    await get(lean).set('If-None-Match', 'W/"another"').expect(200);
  });

  it('sends a partner key on the way that checks it: an unknown key is refused, not served from the cache', async () => {
    const path = `/api/articles/${await latestId()}`;
    await hitOf(path);
    const refused = await get(path).set('X-Api-Key', `apk_${'a'.repeat(43)}`).expect(401);
    expect(refused.headers['x-cache']).toBeUndefined();
    expect(refused.headers['content-security-policy']).toMatch(/default-src 'self'/);
  });

  it('answers a held GraphQL POST without parsing its body, and parses one it does not hold (decision 044)', async () => {
    const held = JSON.stringify({ query: '{ breakingNews { id title } }' });
    const fresh = JSON.stringify({ query: '{ breakingNews { id } }', operationName: null });
    const post = (body: string) => request(t.app).post('/graphql').set('Content-Type', 'application/json').send(body);
    await post(held).expect(200);
    await expect.poll(async () => (await post(held)).headers['x-cache']).toBe('HIT');
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const hit = await post(held).expect(200).expect('x-cache', 'HIT');
      expect(hit.body.data.breakingNews).toBeInstanceOf(Array);
      // The test's own client parses the answer; the server never parsed the body it held.
      expect(parse.mock.calls.filter(([text]) => text === held)).toHaveLength(0);
      const miss = await post(fresh).expect(200).expect('x-cache', 'MISS');
      expect(miss.body.data.breakingNews).toBeInstanceOf(Array);
      expect(parse.mock.calls.filter(([text]) => text === fresh)).toHaveLength(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('answers a malformed GraphQL POST with 400 and the headers the usual way gives it', async () => {
    const bad = await request(t.app).post('/graphql').set('Content-Type', 'application/json').send('{"query": ').expect(400);
    expect(bad.text).toMatch(/Malformed JSON body/);
    expect(bad.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(bad.headers['access-control-allow-origin']).toBe('*');
    expect(bad.headers.ratelimit).toMatch(/^"1000-in-1min"/);
    expect(bad.headers['x-cache']).toBeUndefined();
  });
});
