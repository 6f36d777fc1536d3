/**
 * GraphQL POST bodies: the plain JSON ones are read without body-parser (graphql-body.ts); every
 * other form still goes through express.json. Both must answer alike, and odd or hostile bodies
 * get the same 4xx as before.
 */
import { connect } from 'node:net';
import type { Server } from 'node:http';
import express, { type Request, type Response } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResponseCache } from '../cache/response-cache.js';
import { listen } from '../test/raw-http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { graphqlBody, readGraphqlBodyAhead } from './graphql-body.js';

let t: TestApp;
let server: Server;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '100000', RESPONSE_CACHE_TTL_SECONDS: '60' });
  ({ server, port } = await listen(t.app));
}, 120_000);
afterAll(async () => {
  server?.close();
  await t?.close();
});

const QUERY = '{ categories { slug } }';

function post(body: string, contentType = 'application/json') {
  return request(t.app).post('/graphql').set('Content-Type', contentType).send(body);
}

describe('GraphQL POST bodies', () => {
  it('answers the same query alike whatever form of JSON body carries it', async () => {
    const expected = (await post(JSON.stringify({ query: QUERY })).expect(200)).body;
    expect(expected.data.categories.length).toBeGreaterThan(0);
    const forms: Array<[string, string]> = [
      ['application/json; charset=utf-8', JSON.stringify({ query: QUERY })],
      ['Application/JSON; Charset="UTF-8"', JSON.stringify({ query: QUERY })],
      ['application/json', `\n  ${JSON.stringify({ query: QUERY }, null, 2)}\n`],
      // A byte-order mark, as body-parser's decoder allows.
      ['application/json', `\uFEFF${JSON.stringify({ query: QUERY })}`],
      // Forms the plain reader leaves to express.json.
      ['application/json; foo=bar', JSON.stringify({ query: QUERY })],
    ];
    for (const [type, body] of forms) {
      const res = await post(body, type);
      expect(res.status, `${type}: ${res.text.slice(0, 200)}`).toBe(200);
      expect(res.body).toEqual(expected);
    }
  });

  it('refuses what is not a JSON object or array, as express.json does', async () => {
    for (const body of ['"{ categories { slug } }"', ' 42', 'true', '{"query": "{ categories', '\uFEFF\uFEFF{}']) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect(res.body.message ?? res.body.errors?.[0]?.message, body).toMatch(/^Malformed JSON body/);
    }
  });

  it('still refuses a body over 100 kB with 413, and a charset JSON is never in with 415', async () => {
    const big = JSON.stringify({ query: `${QUERY} # ${'x'.repeat(110_000)}` });
    const tooLarge = await post(big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('Request body too large');
    const latin1 = await post(JSON.stringify({ query: QUERY }), 'application/json; charset=latin1');
    expect(latin1.status).toBe(415);
  });

  it('keys the response cache by the body bytes: the same bytes are a hit, other bytes of the same query their own entry', async () => {
    const body = JSON.stringify({ query: '{ categories { name } }' });
    await post(body).expect(200);
    await expect.poll(async () => (await post(body)).headers['x-cache']).toBe('HIT');
    const spaced = JSON.stringify({ query: '{ categories { name } }' }, null, 1);
    const other = await post(spaced).expect(200);
    expect(other.headers['x-cache']).toBe('MISS');
    expect(other.body).toEqual((await post(body)).body);
  });

  it('survives a client that goes away in the middle of its body, and keeps answering', async () => {
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"query":"{ cate');
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('error', reject);
      socket.on('close', () => resolve());
    });
    const res = await post(JSON.stringify({ query: QUERY }));
    expect(res.status).toBe(200);
    expect(res.body.data.categories.length).toBeGreaterThan(0);
  });

  it('refuses a body shorter than its declared length once the client gives up, with no answer left half-made', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":"{ categories { slug } }"}');
        // Half-close: the server sees the body end 65 bytes early.
        socket.end();
      });
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    });
    // Node answers a truncated body itself (400) or closes; never a 200 or a 500.
    expect(answer === '' || /^HTTP\/1\.1 4\d\d/.test(answer)).toBe(true);
  });
});

describe("GraphQL bodies read ahead for the cache's lookup (decision 044)", () => {
  /** The request gate's last step over a cache that holds what `held` says, with the real body handler after it. */
  function laneApp(held: boolean) {
    const seen: { bodySet: boolean }[] = [];
    const cache = {
      held: () =>
        held
          ? {
              answerWith(res: Response) {
                seen.push({ bodySet: 'body' in res.req });
                res.writeHead(200, { 'content-type': 'application/json' }).end('{"served":"cache"}');
              },
            }
          : null,
    } as unknown as ResponseCache;
    // No request here carries credentials, so the handler never asks who the editor is.
    const body = graphqlBody({ limit: 100 * 1024, editorLimit: 1024 * 1024 }, () => {
      throw new Error('no role check expected');
    });
    const app = express();
    app.use(
      '/graphql',
      (req, res, next) => {
        const answer = () => {
          const hit = cache.held(req);
          return hit ? hit.answerWith(res, [], []) : next();
        };
        if (req.method !== 'POST' || !readGraphqlBodyAhead(req, 100 * 1024, (error) => (error ? next(error) : answer()))) answer();
      },
      body,
      (req: Request, res: Response) => void res.json({ served: 'app', body: (req.body as unknown) ?? null }),
    );
    app.use(((error, _req, res, _next) => void res.status(error.status ?? 500).json({ message: error.message })) as express.ErrorRequestHandler);
    return { app, seen };
  }

  it('answers a held GET and a held POST without reading a body into req.body', async () => {
    const { app, seen } = laneApp(true);
    expect((await request(app).get('/graphql?query=%7Bx%7D').expect(200)).body).toEqual({ served: 'cache' });
    expect((await request(app).post('/graphql').set('Content-Type', 'application/json').send(JSON.stringify({ query: QUERY })).expect(200)).body).toEqual({ served: 'cache' });
    expect(seen).toEqual([{ bodySet: false }, { bodySet: false }]);
  });

  it('parses a POST the cache does not hold once, and answers a malformed one with 400', async () => {
    const { app } = laneApp(false);
    const miss = await request(app).post('/graphql').set('Content-Type', 'application/json').send(JSON.stringify({ query: QUERY })).expect(200);
    expect(miss.body).toEqual({ served: 'app', body: { query: QUERY } });
    const bad = await request(app).post('/graphql').set('Content-Type', 'application/json').send('{"query": ').expect(400);
    expect(bad.body.message).toBe('Malformed JSON body');
    const notAnObject = await request(app).post('/graphql').set('Content-Type', 'application/json').send('"query"').expect(400);
    expect(notAnObject.body.message).toBe('Malformed JSON body');
  });
});
