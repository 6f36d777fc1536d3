import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHOR_PHOTO_SIDE, COVER_UPLOAD_LIMITS, createServices } from '../../../schema/src/index.js';
import { testGif, testPicture, testPngBomb } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Authors' photos over REST: PUT /api/admin/authors/{slug}/photo with the picture as the file
 * `photo` of a multipart form, checked by its content and re-encoded without metadata, served at
 * /media/authors/ under a new URL each time; DELETE returns to the generated portrait. Hostile
 * pictures get a 4xx naming `photo`, and nothing is kept.
 */
const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
let t: TestApp;
let editorToken: string;
let slug: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN });
  const services = createServices(t.db.orm.em.fork());
  editorToken = (await services.editors.createToken({ name: 'Alex Nguyen' })).token;
  slug = (await services.authors.create({ name: 'Priya Raman', role: 'Science Reporter', bio: 'Priya covers research.', categorySlugs: [] }, { name: 'Alex Nguyen', role: 'editor' })).slug;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const as = () => ({ Authorization: `Bearer ${editorToken}` });
const upload = (bytes: Buffer, filename = 'portrait.jpg', contentType = 'image/jpeg') =>
  request(t.app).put(`/api/admin/authors/${slug}/photo`).set(as()).attach('photo', bytes, { filename, contentType });
const profile = async () => (await request(t.app).get(`/api/authors/${slug}`).expect(200)).body as { photoUrl?: string };

describe('author photos', () => {
  let first: string;

  it('takes a portrait, re-encoded within its size and without metadata, at a URL of its own shown on the profile', async () => {
    const res = await upload(await testPicture('jpeg', { width: 1000, height: 1200 }));
    expect(res.status, res.text).toBe(200);
    first = res.body.photoUrl;
    expect(first).toMatch(/^\/media\/authors\/\d+-[0-9a-f]{16}\.webp$/);
    expect((await profile()).photoUrl).toBe(first);
    const photo = await request(t.app).get(first).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c)).on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toContain('immutable');
    const meta = await sharp(photo.body as Buffer).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(AUTHOR_PHOTO_SIDE);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    // Its validator answers a revalidation without the bytes.
    await request(t.app).get(first).set('If-None-Match', photo.headers.etag).expect(304);
  });

  it('replaces it under a new URL (the old one is gone), and DELETE returns to the generated portrait', async () => {
    const res = await upload(await testPicture('png', { width: 300, height: 300 }), 'new.png', 'image/png');
    expect(res.status, res.text).toBe(200);
    expect(res.body.photoUrl).not.toBe(first);
    await request(t.app).get(first).expect(404);
    await request(t.app).get(res.body.photoUrl).expect(200);
    const removed = await request(t.app).delete(`/api/admin/authors/${slug}/photo`).set(as()).expect(200);
    // Without one, the API leaves the field out (the pages draw the generated portrait).
    expect(removed.body.photoUrl).toBeUndefined();
    await request(t.app).get(res.body.photoUrl).expect(404);
  });

  it('refuses what is not a picture, a decompression bomb, a file over 10 MB and a JSON body, naming photo; nothing is kept', async () => {
    const gif = await upload(await testGif(), 'anim.gif', 'image/gif');
    expect(gif.status).toBe(400);
    expect(gif.body.errors[0].field).toBe('photo');
    const text = await upload(Buffer.from('<script>alert(1)</script>'), 'photo.jpg');
    expect(text.status).toBe(400);
    expect(text.body.errors[0]).toEqual({ field: 'photo', message: 'Photo must be a JPEG, PNG or WebP image (checked by its content, not its name)' });
    const bomb = await upload(testPngBomb(), 'small.png', 'image/png');
    expect(bomb.status).toBe(400);
    expect(bomb.body.errors[0]).toEqual({ field: 'photo', message: expect.stringMatching(/megapixels.*20000×20000/) });
    const big = Buffer.alloc(COVER_UPLOAD_LIMITS.maxBytes + 1);
    big.set(await testPicture('jpeg'));
    const huge = await upload(big, 'huge.jpg');
    expect(huge.status).toBe(413);
    expect(huge.body.errors).toEqual([{ field: 'photo', message: 'Photo must be at most 10 MB' }]);
    const json = await request(t.app).put(`/api/admin/authors/${slug}/photo`).set(as()).send({ photo: 'https://example.com/a.jpg' });
    expect(json.status).toBe(415);
    const wrongField = await request(t.app).put(`/api/admin/authors/${slug}/photo`).set(as()).attach('cover', await testPicture('jpeg'), 'a.jpg');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.errors[0].field).toBe('cover');
    expect((await profile()).photoUrl).toBeUndefined();
  });

  it('needs an editor token, and a known author; an invented photo name is a 404', async () => {
    await request(t.app).put(`/api/admin/authors/${slug}/photo`).attach('photo', await testPicture('jpeg'), 'a.jpg').expect(401);
    await request(t.app).put('/api/admin/authors/nobody-here/photo').set(as()).attach('photo', await testPicture('jpeg'), 'a.jpg').expect(404);
    await request(t.app).get('/media/authors/1-0123456789abcdef.webp').expect(404);
    await request(t.app).get('/media/authors/..%2Fetc').expect(404);
  });
});
