import type { Request } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { VITALS_REPORTS_PER_MINUTE, vitalsLimit } from './vitals-limit.js';

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

  it(`takes ${VITALS_REPORTS_PER_MINUTE} reports a minute from one address, then answers 429 with Retry-After`, async () => {
    // The refused report above counted too.
    for (let n = 1; n < VITALS_REPORTS_PER_MINUTE; n += 1) await report({ path: '/', metrics: [{ name: 'LCP', value: 1200 }] }).expect(204);
    const refused = await report({ path: '/', metrics: [{ name: 'LCP', value: 1200 }] }).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/at most 30 a minute from one address/);
  });
});

describe('vitalsLimit', () => {
  const from = (ip: string) => ({ ip, headers: {}, socket: { remoteAddress: ip } }) as unknown as Request;

  it('counts each address on its own and starts again after the minute', () => {
    let clock = 0;
    const count = vitalsLimit(2, () => clock);
    count(from('192.0.2.1'));
    count(from('192.0.2.1'));
    expect(() => count(from('192.0.2.1'))).toThrow(/at most 2 a minute/);
    count(from('192.0.2.2'));
    clock = 60_000;
    count(from('192.0.2.1'));
  });
});
