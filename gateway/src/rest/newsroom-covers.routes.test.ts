import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_UPLOAD_LIMITS, createServices } from '../../../schema/src/index.js';
import { TEST_SVG, testGif, testPicture, testPngBomb } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Cover uploads over REST (decision 023): multipart/form-data on POST and PATCH
 * /api/admin/articles, checked by content, re-encoded, served by /media at the site's widths in
 * the negotiated format without metadata; replaced under a new URL, removed back to generated art.
 */
const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
let t: TestApp;
let editorToken: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN });
  editorToken = (await createServices(t.db.orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' })).token;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const as = (token: string) => ({ Authorization: `Bearer ${token}` });
let counter = 0;
const fields = () => ({
  title: `Hobart lab images a reef ${++counter}`,
  excerpt: 'The lab mapped a reef from the air.',
  content: 'A Hobart lab mapped a reef from the air this week.',
  category: 'space-economy',
  author: 'Alex Nguyen',
});

/** A multipart article write: the fields as form fields, the picture as the file `cover`. */
function form(method: 'post' | 'patch', path: string, values: Record<string, string>, cover?: { bytes: Buffer; filename: string; contentType?: string }) {
  let req = request(t.app)[method](path).set(as(editorToken));
  for (const [name, value] of Object.entries(values)) req = req.field(name, value);
  if (cover) req = req.attach('cover', cover.bytes, { filename: cover.filename, contentType: cover.contentType ?? 'image/jpeg' });
  return req;
}

async function createWith(cover: Buffer, filename = 'cover.jpg') {
  const res = await form('post', '/api/admin/articles', fields(), { bytes: cover, filename });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; slug: string; imageUrl: string };
}

function image(path: string, accept = 'image/avif,image/webp,image/*') {
  return request(t.app)
    .get(path)
    .set('Accept', accept)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

describe('uploading a cover', () => {
  it.each([
    ['jpeg', 'image/avif,image/webp,*/*', 'avif', 'image/avif'],
    ['png', 'image/webp,*/*', 'webp', 'image/webp'],
    ['webp', '*/*', 'jpeg', 'image/jpeg'],
  ] as const)('a %s, asked for with Accept: %s, is served at the cover widths as %s (%s) without any metadata', async (format, accept, served, contentType) => {
    const upload = await testPicture(format);
    const article = await createWith(upload, `cover.${format}`);
    expect(article.imageUrl).toMatch(new RegExp(`^/media/covers/uploads/${article.id}-[0-9a-f]{16}$`));
    for (const [w, ratio, height] of [[480, '16x9', 270], [768, '1x1', 768], [1200, '16x9', 675]] as const) {
      const res = await image(`${article.imageUrl}?w=${w}&ratio=${ratio}`, accept).expect(200);
      expect(res.headers['content-type']).toBe(contentType);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/Accept/);
      const meta = await sharp(res.body as Buffer).metadata();
      expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width, meta.height]).toEqual([served, w, height]);
      expect([meta.exif, meta.xmp, meta.icc, meta.orientation]).toEqual([undefined, undefined, undefined, undefined]);
      expect((res.body as Buffer).includes(Buffer.from('Secret Photographer'))).toBe(false);
    }
    // Readers see the upload at once (the change was announced: no stale cached answer).
    const read = await request(t.app).get(`/api/articles/${article.id}`).expect(200);
    expect(read.body.imageUrl).toBe(article.imageUrl);
  });

  it('takes the article fields as form fields, booleans included', async () => {
    const res = await form('post', '/api/admin/articles', { ...fields(), isBreaking: 'true', status: 'draft' }, { bytes: await testPicture('png'), filename: 'x.png' });
    expect(res.status, res.text).toBe(201);
    expect([res.body.isBreaking, res.body.status]).toEqual([true, 'draft']);
  });

  it('keeps the generated art without an upload, JSON included', async () => {
    const multipart = await form('post', '/api/admin/articles', fields()).expect(201);
    expect(multipart.body.imageUrl).toBe(`/media/covers/space-economy--${multipart.body.slug}`);
    const json = await request(t.app).post('/api/admin/articles').set(as(editorToken)).send(fields()).expect(201);
    expect(json.body.imageUrl).toBe(`/media/covers/space-economy--${json.body.slug}`);
  });

  it('replaces a cover under a new URL (the old one is gone), then removes it back to generated art', async () => {
    const article = await createWith(await testPicture('jpeg'));
    const replaced = await form('patch', `/api/admin/articles/${article.id}`, {}, { bytes: await testPicture('png', { width: 700 }), filename: 'new.png' }).expect(200);
    expect(replaced.body.imageUrl).not.toBe(article.imageUrl);
    expect(replaced.body.imageUrl).toMatch(/^\/media\/covers\/uploads\//);
    await image(`${article.imageUrl}?w=320`).expect(404);
    await image(`${replaced.body.imageUrl}?w=320`).expect(200);

    const removed = await request(t.app).patch(`/api/admin/articles/${article.id}`).set(as(editorToken)).send({ cover: null }).expect(200);
    expect(removed.body.imageUrl).toBe(`/media/covers/space-economy--${article.slug}`);
    await image(`${removed.body.imageUrl}?w=320`).expect(200);
    await image(`${replaced.body.imageUrl}?w=480`).expect(404);

    // Multipart spelling of the removal: an empty field `cover`, beside other fields.
    await form('patch', `/api/admin/articles/${article.id}`, {}, { bytes: await testPicture('webp'), filename: 'again.webp' }).expect(200);
    const viaForm = await form('patch', `/api/admin/articles/${article.id}`, { cover: '', title: 'Hobart lab images a reef again' }).expect(200);
    expect([viaForm.body.imageUrl, viaForm.body.title]).toEqual([`/media/covers/space-economy--${article.slug}`, 'Hobart lab images a reef again']);

    const revisions = await request(t.app).get(`/api/admin/articles/${article.id}/revisions`).set(as(editorToken)).expect(200);
    const coverChanges = revisions.body.revisions.filter((r: { changes: Record<string, unknown> }) => r.changes.cover);
    expect(coverChanges).toHaveLength(5);
    // Newest first: removed (form), uploaded again, removed (JSON), replaced; the first came with the create.
    expect(coverChanges[2].changes.cover).toEqual({ from: replaced.body.imageUrl, to: null });
    expect(coverChanges[3].changes.cover).toEqual({ from: article.imageUrl, to: replaced.body.imageUrl });
  });
});

describe('refusing a cover', () => {
  async function refused(bytes: Buffer, filename: string, contentType = 'image/jpeg') {
    const before = (await request(t.app).get('/api/admin/articles?limit=100').set(as(editorToken))).body.articles.length;
    const res = await form('post', '/api/admin/articles', fields(), { bytes, filename, contentType });
    expect((await request(t.app).get('/api/admin/articles?limit=100').set(as(editorToken))).body.articles.length).toBe(before);
    return res;
  }

  it('refuses a text file renamed .jpg (declared image/jpeg) with 400 naming cover', async () => {
    const res = await refused(Buffer.from('Meeting notes: not a picture at all.\n'), 'photo.jpg');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'cover', message: expect.stringMatching(/JPEG, PNG or WebP/) }]);
  });

  it.each([
    ['GIF', () => testGif(), 'anim.gif', 'image/gif'],
    ['SVG', async () => TEST_SVG, 'logo.svg', 'image/svg+xml'],
    ['GIF named .png', () => testGif(), 'cover.png', 'image/png'],
  ] as const)('refuses %s with 400 naming cover', async (_label, make, filename, contentType) => {
    const res = await refused(await make(), filename, contentType);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('cover');
  });

  it('refuses a decompression bomb (a 48 kB PNG of 20000×20000) with 400, from its header', async () => {
    const res = await refused(testPngBomb(), 'small.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({ field: 'cover', message: expect.stringMatching(/megapixels.*20000×20000/) });
  });

  it('refuses a file over 10 MB with 413 naming cover', async () => {
    const big = Buffer.alloc(COVER_UPLOAD_LIMITS.maxBytes + 1);
    big.set(await testPicture('jpeg'));
    const res = await refused(big, 'huge.jpg');
    expect(res.status).toBe(413);
    expect(res.body.errors).toEqual([{ field: 'cover', message: 'Cover must be at most 10 MB' }]);
  });

  it('refuses a 50 MB body from its Content-Length, before reading it', async () => {
    // Only the first megabyte is ever sent: a server waiting for the rest would never answer.
    const { status, sent } = await rawUpload({ declared: 50 * 1024 * 1024, stopAfter: 1024 * 1024 });
    expect(status).toBe(413);
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });

  it('stops reading a chunked upload at the limit, without buffering the rest', async () => {
    const { status, sent, body } = await rawUpload({ declared: null });
    expect(status).toBe(413);
    expect(JSON.parse(body).errors[0].field).toBe('cover');
    // It answered once the limit was passed, long before the client had sent 50 MB.
    expect(sent).toBeGreaterThan(COVER_UPLOAD_LIMITS.maxBytes);
    expect(sent).toBeLessThan(30 * 1024 * 1024);
  });

  it('still takes a chunked upload within the limit', async () => {
    const { status, body } = await rawUpload({ declared: null, picture: await testPicture('jpeg') });
    expect(status, body).toBe(201);
    expect(JSON.parse(body).imageUrl).toMatch(/^\/media\/covers\/uploads\//);
  });

  it('refuses a picture sent as JSON, and a second file field', async () => {
    const json = await request(t.app).post('/api/admin/articles').set(as(editorToken)).send({ ...fields(), cover: 'aGVsbG8=' }).expect(400);
    expect(json.body.errors[0].field).toBe('cover');
    const png = await testPicture('png');
    const two = await request(t.app)
      .post('/api/admin/articles')
      .set(as(editorToken))
      .field('title', 'x')
      .attach('cover', png, 'a.png')
      .attach('thumbnail', png, 'b.png')
      .expect(400);
    expect(two.body.message).toBe('Send one file only, in the field cover');
  });

  it('refuses other bodies with 415', async () => {
    await request(t.app).post('/api/admin/articles').set(as(editorToken)).set('Content-Type', 'text/plain').send('x').expect(415);
  });
});

describe('access', () => {
  it('answers 401 without a token, before reading the upload', async () => {
    const png = await testPicture('png');
    for (const [method, path] of [['post', '/api/admin/articles'], ['patch', '/api/admin/articles/1']] as const) {
      const res = await request(t.app)[method](path).attach('cover', png, 'cover.png');
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('lets the owner upload too', async () => {
    const res = await request(t.app).post('/api/admin/articles').set(as(ADMIN_TOKEN)).field(fields()).attach('cover', await testPicture('png'), 'c.png');
    expect(res.status, res.text).toBe(201);
    expect(res.body.imageUrl).toMatch(/^\/media\/covers\/uploads\//);
  });
});

describe('serving uploads', () => {
  it('answers 400 for a malformed name or width, 404 for an unknown one, 304 on revalidation', async () => {
    await image('/media/covers/uploads/not-a-cover').expect(400);
    await image('/media/covers/uploads/1-0123456789abcdef').expect(404);
    const article = await createWith(await testPicture('jpeg'));
    await image(`${article.imageUrl}?w=333`).expect(400);
    const first = await image(`${article.imageUrl}?w=768`).expect(200);
    await request(t.app).get(`${article.imageUrl}?w=768`).set('Accept', 'image/avif').set('If-None-Match', first.headers.etag).expect(304);
  });
});

/**
 * A multipart upload written by hand: `declared` as Content-Length (null: chunked), a 50 MB file
 * sent in 64 kB pieces while the server reads them, stopping as soon as an answer arrives (or
 * after `stopAfter` bytes); or, with `picture`, a whole article with that picture.
 */
async function rawUpload({
  declared,
  picture,
  stopAfter = 50 * 1024 * 1024,
}: {
  declared: number | null;
  picture?: Buffer;
  /** Bytes after which the client stops sending and only waits for the answer. */
  stopAfter?: number;
}): Promise<{ status: number; sent: number; body: string }> {
  const server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const boundary = 'coverboundary42';
  try {
    return await new Promise((resolve, reject) => {
      const silence = setTimeout(() => reject(new Error('No answer within 10 s')), 10_000);
      let sent = 0;
      let answered = false;
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/admin/articles',
        headers: {
          Authorization: `Bearer ${editorToken}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          ...(declared === null ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(declared) }),
        },
      });
      req.on('response', (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          clearTimeout(silence);
          resolve({ status: res.statusCode ?? 0, sent, body });
        });
        res.on('error', reject);
      });
      // The server may close the connection once it has answered: the rest is never sent.
      req.on('error', (error) => (answered ? undefined : reject(error)));
      if (picture) {
        const parts = Object.entries(fields()).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
        req.write(parts.join(''));
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="c.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
        req.write(picture);
        req.end(`\r\n--${boundary}--\r\n`);
        return;
      }
      const piece = Buffer.alloc(64 * 1024, 0x41);
      const write = () => {
        while (!answered && sent < stopAfter) {
          const chunk = sent === 0 ? Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`, 'latin1'), piece]) : piece;
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', write);
            return;
          }
        }
        if (!answered && sent >= 50 * 1024 * 1024) req.end();
      };
      write();
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
