import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ROBOTS_CONTENT_SIGNALS: 'search=yes,ai-input=yes,ai-train=no' });
});
afterAll(async () => {
  await t.close();
});

describe('robots.txt content-use signals', () => {
  it('writes the owner\'s ROBOTS_CONTENT_SIGNALS as a Content-Signal line for every crawler', async () => {
    const res = await request(t.app).get('/robots.txt').expect(200);
    expect(res.text.split('\n').slice(0, 3)).toEqual(['User-agent: *', 'Content-Signal: search=yes, ai-input=yes, ai-train=no', 'Allow: /']);
  });
});
