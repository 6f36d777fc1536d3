import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createWeb } from './web.js';

let t: TestApp;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au', RESPONSE_CACHE_TTL_SECONDS: '60' });
  t = await createTestApp({ RESPONSE_CACHE_TTL_SECONDS: '60' }, { web: (contextFor) => createWeb({ config, contextFor, mode: 'source' }) });
}, 120_000);
afterAll(async () => {
  await t.close();
});

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? '';

describe('colour scheme', () => {
  it("renders the reader's chosen scheme from the cookie, and follows the system without one", async () => {
    const dark = await request(t.app).get('/about').set('Cookie', 'theme=dark').expect(200);
    expect(htmlTag(dark.text)).toContain('data-theme="dark"');
    expect(String(dark.headers.vary)).toMatch(/Cookie/i);
    const light = await request(t.app).get('/about').set('Cookie', 'theme=light').expect(200);
    expect(htmlTag(light.text)).toContain('data-theme="light"');
    const system = await request(t.app).get('/about').expect(200);
    expect(htmlTag(system.text)).not.toContain('data-theme');
    // Both palettes are in the page's CSS: the dark one for the choice and for the system preference.
    expect(system.text).toContain('[data-theme="dark"]');
    expect(system.text).toMatch(/@media \(prefers-color-scheme: ?dark\)\{:root:not\(\[data-theme\]\)\{/);
  });

  it('ignores a cookie value that is not a scheme', async () => {
    const res = await request(t.app).get('/contact').set('Cookie', 'theme="><script>alert(1)</script>').expect(200);
    expect(htmlTag(res.text)).not.toContain('data-theme');
    expect(res.text).not.toContain('<script>alert(1)</script>');
  });

  it('keeps one cached copy per scheme, and none for other cookies', async () => {
    await request(t.app).get('/categories').set('Cookie', 'theme=dark').expect(200);
    // Stored once compressed, which takes a moment.
    await expect.poll(async () => (await request(t.app).get('/categories').set('Cookie', 'theme=dark')).headers['x-cache']).toBe('HIT');
    const again = await request(t.app).get('/categories').set('Cookie', 'theme=dark').expect(200);
    expect(htmlTag(again.text)).toContain('data-theme="dark"');
    const plain = await request(t.app).get('/categories').expect(200);
    expect(htmlTag(plain.text)).not.toContain('data-theme');
    const other = await request(t.app).get('/categories').set('Cookie', 'theme=dark; session=1').expect(200);
    expect(other.headers['x-cache']).not.toBe('HIT');
  });
});
