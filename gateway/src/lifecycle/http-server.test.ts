/**
 * Slow and hoarding clients: raw sockets against the real server with its limits, each sending
 * what a slow-loris client sends, cut off by the configured timeout. What each one received says
 * which limit cut it (a 408 from the request or headers timeout, the keep-alive timeout the server
 * announced), never how long it took: a hang fails by the test's own timeout.
 */
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createHttpServer } from './http-server.js';

const LIMITS = { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '800', KEEP_ALIVE_TIMEOUT_MS: '1000', MAX_CONNECTIONS: '4' };

let t: TestApp;
let server: Server;
let port: number;
const sockets = new Set<Socket>();

beforeAll(async () => {
  t = await createTestApp({ ...LIMITS, API_RATE_LIMIT: '100000', PAGE_RATE_LIMIT: '100000' });
  const config = loadConfig({ ...LIMITS });
  server = createHttpServer(t.app, config.http);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

interface Outcome {
  /** What the server sent before closing. */
  received: string;
}

/** Connects, runs `drip` (which writes slowly), and resolves when the server closes the socket. */
function slowClient(drip: (socket: Socket) => () => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    sockets.add(socket);
    let received = '';
    let stop = () => {};
    socket.on('connect', () => {
      stop = drip(socket);
    });
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      stop();
      sockets.delete(socket);
      resolve({ received });
    });
  });
}

/** The server's count of open connections. */
const openConnections = () => new Promise<number>((resolve, reject) => server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

/** Writes `text` one byte at a time, every `everyMs`. */
const oneByteAtATime = (text: string, everyMs: number) => (socket: Socket) => {
  let at = 0;
  const timer = setInterval(() => {
    if (at < text.length && !socket.destroyed) socket.write(text[at++]);
  }, everyMs);
  return () => clearInterval(timer);
};

describe('slow clients', () => {
  it('cuts off a body sent one byte at a time with 408 once the request timeout passes', async () => {
    const body = JSON.stringify({ name: 'Slow', email: 'slow@example.com', subject: 'Slow', message: 'x'.repeat(200) });
    const outcome = await slowClient((socket) => {
      socket.write(`POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      return oneByteAtATime(body, 100)(socket);
    });
    // The body would take 25 s at this pace (and be answered 201); the server gives the whole request 1.5 s.
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts off headers sent one byte at a time once the headers timeout passes', async () => {
    const head = `GET / HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'p'.repeat(200)}\r\n\r\n`;
    // 11 s at this pace (and answered 200); the headers get 0.8 s.
    const outcome = await slowClient(oneByteAtATime(head, 50));
    expect(outcome.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that never sends anything once the headers timeout passes', async () => {
    const outcome = await slowClient(() => () => {});
    // The headers timeout answers 408; the socket's inactivity timeout (1.5 s) would close it silently.
    expect(outcome.received).toBe('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
  });

  it('closes an idle kept-alive connection after the keep-alive timeout', async () => {
    const outcome = await slowClient((socket) => {
      socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
      return () => {};
    });
    expect(outcome.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(outcome.received).toMatch(/Connection: keep-alive/i);
    // The server's own keep-alive timeout (Node's default is 5 s), in whole seconds.
    expect(outcome.received).toMatch(/Keep-Alive: timeout=1\r\n/i);
  });

  it('still answers a request that arrives in time', async () => {
    // The slow clients above are gone first: with MAX_CONNECTIONS 4, one still open could take the place.
    await expect.poll(openConnections).toBe(0);
    // A request with no database work, so a busy machine cannot push it past the 1.5 s request timeout.
    const res = await request(server).post('/graphql').set('Content-Type', 'application/json').send({ query: '{ __typename }' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('connection cap', () => {
  it('closes connections beyond MAX_CONNECTIONS as they arrive, and accepts again once some close', async () => {
    const open = await Promise.all(
      Array.from({ length: 4 }, () => new Promise<Socket>((resolve) => {
        const s = connect(port, '127.0.0.1', () => resolve(s));
        sockets.add(s);
        s.on('error', () => undefined);
      })),
    );
    // The server has counted them before the next one arrives.
    await expect.poll(openConnections).toBeGreaterThanOrEqual(4);
    const refused = await slowClient((socket) => {
      socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
      return () => {};
    });
    // Closed unanswered: accepted, it would have been answered 200.
    expect(refused.received).toBe('');
    for (const s of open) s.destroy();
    await expect.poll(openConnections).toBeLessThan(4);
    await request(server).get('/healthz').expect(200);
  });
});

describe('settings', () => {
  it('has safe defaults', () => {
    expect(loadConfig({}).http).toEqual({ requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000, maxConnections: 1_000, maxConnectionsPerAddress: 100 });
  });

  it('applies them to the server', () => {
    const s = createHttpServer(t.app, loadConfig({ REQUEST_TIMEOUT_MS: '20000', HEADERS_TIMEOUT_MS: '5000', KEEP_ALIVE_TIMEOUT_MS: '4000', MAX_CONNECTIONS: '50' }).http);
    expect(s.requestTimeout).toBe(20_000);
    expect(s.headersTimeout).toBe(5_000);
    expect(s.keepAliveTimeout).toBe(4_000);
    expect(s.maxConnections).toBe(50);
    expect(s.timeout).toBe(20_000);
  });
});

describe("requests and answers born with Express's prototypes", () => {
  it('hands the app objects whose prototypes Express need not change, and they answer as before', async () => {
    const seen: boolean[] = [];
    const record = (req: IncomingMessage, res: ServerResponse) => seen.push(Object.getPrototypeOf(req) === t.app.request && Object.getPrototypeOf(res) === t.app.response);
    // Runs before the app's own listener, so it sees the objects as the server made them.
    server.prependListener('request', record);
    try {
      // Answers with no database work: a busy machine cannot keep one silent past the 1.5 s inactivity limit.
      expect((await request(server).get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
      expect((await request(server).post('/graphql').send({ query: '{ __typename }' }).expect(200)).body).toEqual({ data: { __typename: 'Query' } });
      await request(server).post('/api/contact').send({}).expect(400);
    } finally {
      server.off('request', record);
    }
    expect(seen).toEqual([true, true, true]);
  });
});
