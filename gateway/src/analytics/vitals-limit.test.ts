import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { VITALS_LIMIT_BYTES, VITALS_REPORTS_PER_MINUTE, vitalsLimit } from './vitals-limit.js';

/** Forged Web Vitals: refused by value and by rate, so the percentiles the reports quote stay the readers'. */
const AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const report = (body: unknown) => request(t.app).post('/api/vitals').set('User-Agent', AGENT).set('Content-Type', 'text/plain').send(JSON.stringify(body));

describe('POST /api/vitals', () => {
  it('refuses a value no real page produces with 400 naming the field', async () => {
    const res = await report({ path: '/', metrics: [{ name: 'TTFB', value: 80 }, { name: 'LCP', value: 599_999 }] }).expect(400);
    expect(res.body.errors).toEqual([{ field: 'metrics.1.value', message: 'value of LCP must be at most 60000' }]);
  });

  it(`takes ${VITALS_REPORTS_PER_MINUTE} reports a minute from one address, then answers the one 429 of every limit`, async () => {
    // The refused report above counted too.
    for (let n = 1; n < VITALS_REPORTS_PER_MINUTE; n += 1) await report({ path: '/', metrics: [{ name: 'LCP', value: 1200 }] }).expect(204);
    const refused = await report({ path: '/', metrics: [{ name: 'LCP', value: 1200 }] }).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-policy']).toMatch(/^"30-in-1min"; q=30; w=60; pk=:/);
    expect(refused.headers['ratelimit']).toMatch(/^"30-in-1min"; r=0; t=\d+$/);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body.message).toMatch(/at most 30 a minute from one address/);
  });
});

describe('vitalsLimit', () => {
  it('counts each address on its own and starts again after the minute', async () => {
    let clock = 0;
    const limit = vitalsLimit({ perMinute: 2, now: () => clock });
    await limit.consume('192.0.2.1');
    await limit.consume('192.0.2.1');
    await expect(limit.consume('192.0.2.1')).rejects.toMatchObject({ httpStatus: 429, message: expect.stringMatching(/at most 2 a minute/) });
    await limit.consume('192.0.2.2');
    clock = 60_000;
    await limit.consume('192.0.2.1');
  });

  it(`keeps its counts within ${VITALS_LIMIT_BYTES / 1024} kB: the addresses least recently seen are dropped first`, async () => {
    const limit = vitalsLimit({ perMinute: 1, now: () => 0 });
    await limit.consume('192.0.2.1');
    await expect(limit.consume('192.0.2.1')).rejects.toMatchObject({ httpStatus: 429 });
    // More addresses than the bound holds (each key is counted at well over 100 bytes).
    const addresses = Math.ceil(VITALS_LIMIT_BYTES / 100);
    for (let n = 0; n < addresses; n += 1) await limit.consume(`2001:db8:${n.toString(16)}::/56`);
    await expect(limit.consume('192.0.2.1')).resolves.toBeUndefined();
    // The most recent ones are still counted.
    await expect(limit.consume(`2001:db8:${(addresses - 1).toString(16)}::/56`)).rejects.toMatchObject({ httpStatus: 429 });
  });
});
