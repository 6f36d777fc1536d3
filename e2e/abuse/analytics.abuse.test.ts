import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ABUSE_ADMIN_TOKEN, siteForFile } from './abuse-site.js';
import { expectSiteHeld, summarise, underAttack } from './attack-watch.js';
import { inPool, request } from './loopback-client.js';

const site = siteForFile();
afterAll(() => site.stop());

const admin = { authorization: `Bearer ${ABUSE_ADMIN_TOKEN}` };
const browser = (n: number | string) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.0 Safari/537.36`;
const navigation = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', accept: 'text/html' };

async function dashboard(port: number): Promise<{ totals?: { visitors?: number }; text: string }> {
  const answer = await request(port, '/api/admin/analytics?days=30', { headers: admin, from: '127.24.0.250', keepBytes: 4 * 1024 * 1024 });
  expect(answer.status, answer.body.slice(0, 300)).toBe(200);
  return { ...(JSON.parse(answer.body) as { totals?: { visitors?: number } }), text: answer.body };
}

describe('analytics that resist forgery', () => {
  it('Low 1: 300 page views from one address with 300 browser User-Agents count as at most a few visitors', async () => {
    const s = await site.current();
    const before = (await dashboard(s.port)).totals?.visitors ?? 0;
    const report = await underAttack(s, '127.250.0.41', () =>
      inPool(Array.from({ length: 300 }, (_, i) => i), 8, (i) => request(s.port, '/', { from: '127.24.0.1', keepBytes: 0, headers: { ...navigation, 'user-agent': browser(i) } })),
    );
    expectSiteHeld(s, report);
    expect(summarise(report.result.map((a) => a.status))).toBe('200x300');
    const minted = ((await dashboard(s.port)).totals?.visitors ?? 0) - before;
    expect(minted, `${minted} visitors counted from one address`).toBeLessThanOrEqual(5);
  });

  it('Low 1: Web Vitals beacons are range-checked (LCP 599,999 ms refused) and limited per address', async () => {
    const s = await site.current();
    const beacon = (value: number) => ({ path: '/', metrics: [{ name: 'LCP', value }] });
    const send = (value: number, from: string) =>
      request(s.port, '/api/vitals', { method: 'POST', from, body: JSON.stringify(beacon(value)), headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': browser(1) } });
    const report = await underAttack(s, '127.250.0.42', async () => {
      const forged = await send(599_999, '127.24.0.2');
      const burst = await inPool(Array.from({ length: 300 }, (_, i) => i), 8, (i) => send(1_000 + i, '127.24.0.3'));
      return { forged, burst };
    });
    expectSiteHeld(s, report);
    expect(report.result.forged.status, 'a ten-minute LCP is not a page load').toBeGreaterThanOrEqual(400);
    expect(report.result.forged.status).toBeLessThan(500);
    const statuses = report.result.burst.map((a) => a.status);
    expect(statuses.includes(429), `300 beacons a minute from one address: ${summarise(statuses)}`).toBe(true);
  });

  it('Low 1: page views with 50 random referrer labels from one address do not fill the referrer report', async () => {
    const s = await site.current();
    const labels = Array.from({ length: 50 }, () => `q${randomBytes(6).toString('hex')}`);
    const report = await underAttack(s, '127.250.0.43', () =>
      inPool(labels, 4, (label, i) =>
        request(s.port, '/', { from: '127.24.0.4', keepBytes: 0, headers: { ...navigation, 'user-agent': browser(i), referer: `https://${label}.com/` } }),
      ),
    );
    expectSiteHeld(s, report);
    const { text } = await dashboard(s.port);
    const reported = labels.filter((label) => text.includes(label));
    expect(reported.length, `${reported.length} of 50 random referrer hosts reported`).toBeLessThanOrEqual(5);
  });
});

describe('uploads', () => {
  it('Low 5: six concurrent 24-megapixel cover uploads keep memory bounded (they share the render queue)', async () => {
    const s = await site.current();
    const cover = await sharp({ create: { width: 6_000, height: 4_000, channels: 3, background: '#3a6ea5', noise: { type: 'gaussian', mean: 0, sigma: 6 } } })
      .jpeg({ quality: 60 })
      .toBuffer();
    const boundary = `----abuse${randomBytes(8).toString('hex')}`;
    const form = (i: number) => {
      const fields = { title: `Upload check ${i}`, excerpt: 'An excerpt.', content: 'Some content.', category: 'cybersecurity', author: 'Abuse Desk', status: 'draft' };
      const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
      return Buffer.concat([
        Buffer.from(parts.join('') + `--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="cover-${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        cover,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    };
    const report = await underAttack(s, '127.250.0.44', () =>
      inPool(Array.from({ length: 6 }, (_, i) => i), 6, (i) =>
        request(s.port, '/api/admin/articles', { method: 'POST', from: '127.24.0.5', timeoutMs: 60_000, body: form(i), headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` } }),
      ),
    );
    expectSiteHeld(s, report);
    const statuses = report.result.map((a) => a.status);
    expect(statuses.every((st) => st === 201 || st === 429 || st === 503), `statuses ${summarise(statuses)}`).toBe(true);
  });
});
