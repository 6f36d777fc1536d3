/**
 * The per-minute limit's own contract, on a bare Express app: the draft-8 RateLimit headers, the
 * 429 with Retry-After after the last allowed request, limits that differ per request, IPv6
 * clients counted by their /56, and a counter that fails is an error, never a free pass.
 */
import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { TooManyRequestsError } from '../../../schema/src/index.js';
import { errorHandler } from '../middleware/error-handler.js';
import { clientAddressKey, consumingLimit, limitCounter, partitionKey, perMinuteLimit } from './rate-limits.js';

function appWith(limit: RequestHandler) {
  const app = express();
  app.get('/', limit, (_req, res) => void res.json({ ok: true }));
  app.use(((error, _req, res, _next) => void res.status(500).json({ message: String(error) })) as express.ErrorRequestHandler);
  return app;
}

const refusal = (limit: number) => `at most ${limit}`;

describe('partitionKey', () => {
  it('is the same short hash for a key every time (remembered, not recomputed), and differs between keys', () => {
    const expected = Buffer.from(createHash('sha256').update('203.0.113.7').digest('hex').slice(0, 12)).toString('base64');
    expect(partitionKey('203.0.113.7')).toBe(expected);
    expect(partitionKey('203.0.113.7')).toBe(expected);
    expect(partitionKey('203.0.113.8')).not.toBe(expected);
  });
});

describe('perMinuteLimit', () => {
  it('counts each request with draft-8 headers, then refuses with Retry-After', async () => {
    const app = appWith(perMinuteLimit({ counter: limitCounter('t', 2, null), limit: 2, refusal }));
    const first = await request(app).get('/').expect(200);
    expect(first.headers.ratelimit).toMatch(/^"2-in-1min"; r=1; t=(60|59)$/);
    expect(first.headers['ratelimit-policy']).toMatch(/^"2-in-1min"; q=2; w=60; pk=:[A-Za-z0-9+/=]{16}:$/);
    expect((await request(app).get('/').expect(200)).headers.ratelimit).toMatch(/r=0;/);
    const refused = await request(app).get('/').expect(429);
    expect(refused.body.message).toBe('at most 2');
    expect(refused.headers.ratelimit).toMatch(/r=0;/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it("compares one counter to each request's own limit, and never shows the key in the header", async () => {
    const app = express();
    const limit = perMinuteLimit({
      counter: limitCounter('t', 1, null),
      limit: (res) => Number(res.locals.max),
      key: (req) => `key:${String(req.query.who)}`,
      refusal,
    });
    app.get('/', (req, res, next) => ((res.locals.max = req.query.max), next()), limit, (_req, res) => void res.json({ ok: true }));
    const big = await request(app).get('/?who=partner-7&max=5').expect(200);
    expect(big.headers['ratelimit-policy']).toMatch(/^"5-in-1min"; q=5;/);
    expect(big.headers['ratelimit-policy']).not.toContain('partner-7');
    await request(app).get('/?who=partner-7&max=5').expect(200);
    // The same key with a limit of 1 has already spent it: the count is the key's, the limit the request's.
    await request(app).get('/?who=partner-7&max=1').expect(429);
    await request(app).get('/?who=other&max=1').expect(200);
  });

  it('passes a failing counter to the error handler instead of letting the request through', async () => {
    const app = appWith(perMinuteLimit({ counter: () => Promise.reject(new Error('counter down')), limit: 5, refusal }));
    const res = await request(app).get('/').expect(500);
    expect(res.body.message).toMatch(/counter down/);
  });

  it("works out a kept-alive connection's key once while its X-Forwarded-For stays the same (decision 044)", () => {
    const socket = {};
    let asked = 0;
    const requestFrom = (forwardedFor: string | undefined, ip: string) =>
      ({
        socket,
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
        get ip() {
          asked += 1;
          return ip;
        },
      }) as unknown as express.Request;
    expect(clientAddressKey(requestFrom('198.51.100.1', '198.51.100.1'))).toBe('198.51.100.1');
    expect(clientAddressKey(requestFrom('198.51.100.1', '198.51.100.1'))).toBe('198.51.100.1');
    expect(asked).toBe(1);
    // Another header on the same connection (a proxy forwarding another client) is worked out anew.
    expect(clientAddressKey(requestFrom('203.0.113.9', '203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddressKey(requestFrom(undefined, '192.0.2.4'))).toBe('192.0.2.4');
    expect(asked).toBe(3);
    // Another connection never shares the first one's key.
    expect(clientAddressKey({ ip: '192.0.2.77', socket: {}, headers: {} } as unknown as express.Request)).toBe('192.0.2.77');
  });

  it('counts an IPv6 client by its /56 and an IPv4 client by its address', () => {
    const key = (ip: string) => clientAddressKey({ ip, socket: {} } as express.Request);
    expect(key('2001:db8:abcd:1200::1')).toBe(key('2001:db8:abcd:12ff:ffff::9'));
    expect(key('2001:db8:abcd:1300::1')).not.toBe(key('2001:db8:abcd:1200::1'));
    expect(key('203.0.113.7')).toBe('203.0.113.7');
  });
});

describe('consumingLimit', () => {
  it('answers a spent limit as every limit does: 429 with RateLimit headers, Retry-After and its message, through the error handler', async () => {
    const limit = consumingLimit({ name: 'work', points: 2, windowSeconds: 3600, redis: null, message: 'at most 2 an hour' });
    const app = express();
    app.get('/', (req, res, next) => void limit.consume(String(req.query.who)).then(() => res.json({ ok: true }), next));
    app.use(errorHandler({ exposeInternals: false }));
    await request(app).get('/?who=a').expect(200);
    await request(app).get('/?who=a').expect(200);
    const refused = await request(app).get('/?who=a').expect(429);
    expect(refused.body.message).toBe('at most 2 an hour');
    expect(refused.headers.ratelimit).toMatch(/^"2-in-1h"; r=0; t=\d+$/);
    expect(refused.headers['ratelimit-policy']).toMatch(/^"2-in-1h"; q=2; w=3600; pk=:[A-Za-z0-9+/=]{16}:$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(refused.headers['cache-control']).toMatch(/no-store/);
    await request(app).get('/?who=b').expect(200);
  });

  it('takes points atomically (exactly the limit of a concurrent burst), none for a refusal, and gives one back', async () => {
    const limit = consumingLimit({ name: 'burst', points: 3, windowSeconds: 60, redis: null, message: 'no' });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => limit.consume('k')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof TooManyRequestsError)).toBe(true);
    // The seven refusals took nothing: one refund frees exactly one place.
    await limit.refund('k');
    await limit.consume('k');
    await expect(limit.consume('k')).rejects.toBeInstanceOf(TooManyRequestsError);
    const once = consumingLimit({ name: 'once', points: 1, windowSeconds: 60, redis: null, message: 'no' });
    await once.consume('k');
    await once.refund('k');
    await once.consume('k');
    await expect(once.consume('k')).rejects.toBeInstanceOf(TooManyRequestsError);
  });
});

describe('a limit kept in memory', () => {
  it('is bounded in bytes, keys included, by default: a flood of distinct keys drops the least recently counted', async () => {
    const count = limitCounter('flood', 5, null);
    expect((await count('first-client')).used).toBe(1);
    expect((await count('first-client')).used).toBe(2);
    // 2,100 keys of 2,000 characters (about 4 kB each as counted) are more than DEFAULT_LIMIT_MEMORY_BYTES.
    for (let i = 0; i < 2_100; i += 1) await count(`${String(i).padStart(6, '0')}${'k'.repeat(1_994)}`);
    // Unbounded, the first client's window would still hold its two requests.
    expect((await count('first-client')).used).toBe(1);
  });
});
