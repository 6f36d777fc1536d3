import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { testPicture } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { coverPreviews } from './cover-preview.js';

/**
 * Covers of articles readers cannot see yet: readers get what an unknown cover gets; editors see
 * them through the signed URL their view of the article carries, or with their token, never stored.
 */
const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
let t: TestApp;
let editorToken: string;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN, PREVIEW_SECRET: 'preview-secret-0123456789abcdef-0123' });
  editorToken = (await createServices(t.db.orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' })).token;
}, 120_000);
afterAll(() => t?.close());

const as = (token: string) => ({ Authorization: `Bearer ${token}` });
const draftFields = () => ({
  title: `Darwin start-up maps a mangrove ${++counter}`,
  excerpt: 'The start-up mapped a mangrove from the air.',
  content: 'A Darwin start-up mapped a mangrove from the air this week.',
  category: 'space-economy',
  author: 'Alex Nguyen',
  status: 'draft',
});
const withoutQuery = (url: string) => url.split('?')[0];
const image = (url: string) => request(t.app).get(url).set('Accept', 'image/webp');

async function draft(cover?: Buffer): Promise<{ id: number; imageUrl: string }> {
  let req = request(t.app).post('/api/admin/articles').set(as(editorToken));
  for (const [name, value] of Object.entries(draftFields())) req = req.field(name, value);
  if (cover) req = req.attach('cover', cover, { filename: 'cover.jpg', contentType: 'image/jpeg' });
  const res = await req;
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe("a draft's uploaded cover", () => {
  it('answers readers as an unknown upload does, and editors through their signed URL or their token, never stored', async () => {
    const article = await draft(await testPicture('jpeg', { width: 800, height: 450 }));
    expect(article.imageUrl).toMatch(/^\/media\/covers\/uploads\/\d+-[0-9a-f]{16}\?preview=[\w-]{43}$/);
    const path = withoutQuery(article.imageUrl);
    const reader = await image(`${path}?w=320`);
    const unknown = await image(`/media/covers/uploads/${article.id}-0123456789abcdef?w=320`);
    expect(reader.status).toBe(404);
    expect([reader.status, reader.headers['cache-control'], reader.headers['content-type']]).toEqual([unknown.status, unknown.headers['cache-control'], unknown.headers['content-type']]);
    expect(JSON.stringify(reader.body)).toBe(JSON.stringify(unknown.body).replaceAll('0123456789abcdef', path.slice(-16)));

    const signed = await image(`${article.imageUrl}&w=320`);
    expect(signed.status).toBe(200);
    expect(signed.headers['content-type']).toBe('image/webp');
    expect(signed.headers['cache-control']).toBe('no-store');
    const byToken = await image(`${path}?w=320`).set(as(editorToken));
    expect([byToken.status, byToken.headers['cache-control']]).toEqual([200, 'no-store']);
    // A signature of another path, or none of ours, is a reader's request.
    const forged = coverPreviews('another-secret-0123456789abcdef-0123').sign(path);
    expect((await image(`${forged}&w=320`)).status).toBe(404);
    // Readers still get 404 after an editor's preview rendered it.
    expect((await image(`${path}?w=320`)).status).toBe(404);
  });

  it('is served to readers, kept for good, once the article is published', async () => {
    const article = await draft(await testPicture('jpeg', { width: 800, height: 450 }));
    const published = await request(t.app).patch(`/api/admin/articles/${article.id}`).set(as(editorToken)).send({ status: 'published' });
    expect(published.status, published.text).toBe(200);
    expect(published.body.imageUrl).not.toContain('?');
    const reader = await image(`${published.body.imageUrl}?w=320`);
    expect(reader.status).toBe(200);
    expect(reader.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe("a draft's generated cover", () => {
  it('renders for the newsroom preview (signed, never stored) and stays unknown to readers', async () => {
    const article = await draft();
    expect(article.imageUrl).toMatch(/^\/media\/covers\/space-economy--[a-z0-9-]+\?preview=[\w-]{43}$/);
    const signed = await image(`${article.imageUrl}&w=320`);
    expect(signed.status).toBe(200);
    expect(signed.headers['cache-control']).toBe('no-store');
    expect((await image(`${withoutQuery(article.imageUrl)}?w=320`)).status).toBe(404);
  });
});
