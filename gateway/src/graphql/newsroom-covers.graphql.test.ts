import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVER_BASE64_MAX_LENGTH, createServices } from '../../../schema/src/index.js';
import { testGif, testPicture, testPngBomb } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Cover uploads over GraphQL (decision 023): uploadArticleCover takes the picture in base64,
 * removeArticleCover returns to generated art; the editor role, the checks by content, and a body
 * limit raised only for a request whose token passes the role check.
 */
const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
let t: TestApp;
let editorToken: string;
let articleId: string;
let slug: string;

interface GqlError {
  message: string;
  extensions: { code: string; fields?: { field: string; message: string }[] };
}

async function gql(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const req = request(t.app).post('/graphql');
  const res = await (token ? req.set('Authorization', `Bearer ${token}`) : req).send({ query, variables });
  // The shape of each answer is what the assertions check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: res.body as { data: Record<string, any> | null; errors?: GqlError[] } };
}

const UPLOAD = `mutation Upload($id: ID!, $image: String!) { uploadArticleCover(id: $id, imageBase64: $image) { id imageUrl } }`;
const REMOVE = `mutation Remove($id: ID!) { removeArticleCover(id: $id) { id imageUrl } }`;
const REVISIONS = `query Revisions($id: ID!) { articleRevisions(articleId: $id) { nodes { changes { field from to } } } }`;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN });
  editorToken = (await createServices(t.db.orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' })).token;
  const created = await gql(
    `mutation { createArticle(input: { title: "Darwin array hears a pulsar", excerpt: "A new array.", content: "The array heard a pulsar.", category: "space-economy", author: "Alex Nguyen" }) { id slug } }`,
    {},
    editorToken,
  );
  articleId = created.body.data!.createArticle.id;
  slug = created.body.data!.createArticle.slug;
}, 120_000);
afterAll(async () => {
  await t.close();
});

function expectRefused(body: { data: unknown; errors?: GqlError[] }, code: string, message: RegExp) {
  expect(body.errors?.[0].extensions.code, JSON.stringify(body.errors)).toBe(code);
  expect(body.errors?.[0].message).toMatch(message);
  if (code !== 'UNAUTHENTICATED') expect(body.errors?.[0].extensions.fields?.[0].field).toBe('cover');
}

describe('uploadArticleCover', () => {
  it('takes a base64 picture: imageUrl points at it, served without metadata, recorded as a revision', async () => {
    const res = await gql(UPLOAD, { id: articleId, image: (await testPicture('jpeg', { width: 1600, height: 900 })).toString('base64') }, editorToken);
    expect(res.body.errors).toBeUndefined();
    const { imageUrl } = res.body.data!.uploadArticleCover;
    expect(imageUrl).toMatch(new RegExp(`^/media/covers/uploads/${articleId}-[0-9a-f]{16}$`));
    const served = await request(t.app).get(`${imageUrl}?w=768`).set('Accept', 'image/webp').buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.body as Buffer).metadata();
    expect([meta.width, meta.height, meta.exif, meta.icc]).toEqual([768, 432, undefined, undefined]);
    const reader = await gql(`query($id: ID!) { article(id: $id) { imageUrl } }`, { id: articleId });
    expect(reader.body.data!.article.imageUrl).toBe(imageUrl);
    const revisions = await gql(REVISIONS, { id: articleId }, editorToken);
    expect(revisions.body.data!.articleRevisions.nodes[0].changes).toEqual([{ field: 'cover', from: null, to: imageUrl }]);
  });

  it('replaces it with a new URL, and removeArticleCover returns to generated art', async () => {
    const first = (await gql(UPLOAD, { id: articleId, image: (await testPicture('png')).toString('base64') }, editorToken)).body.data!.uploadArticleCover.imageUrl;
    const second = (await gql(UPLOAD, { id: articleId, image: `data:image/webp;base64,${(await testPicture('webp')).toString('base64')}` }, editorToken)).body.data!
      .uploadArticleCover.imageUrl;
    expect(second).not.toBe(first);
    await request(t.app).get(`${first}?w=320`).expect(404);
    const removed = await gql(REMOVE, { id: articleId }, editorToken);
    expect(removed.body.data!.removeArticleCover.imageUrl).toBe(`/media/covers/space-economy--${slug}`);
    await request(t.app).get(`${second}?w=480`).expect(404);
  });

  it('refuses bad base64, a text file, a GIF and a decompression bomb with BAD_USER_INPUT naming cover', async () => {
    const before = (await gql(`query($id: ID!) { editorArticle(id: $id) { imageUrl } }`, { id: articleId }, editorToken)).body.data!.editorArticle.imageUrl;
    expectRefused((await gql(UPLOAD, { id: articleId, image: 'this is not base64!' }, editorToken)).body, 'BAD_USER_INPUT', /base64/);
    expectRefused((await gql(UPLOAD, { id: articleId, image: Buffer.from('plain text').toString('base64') }, editorToken)).body, 'BAD_USER_INPUT', /JPEG, PNG or WebP/);
    expectRefused((await gql(UPLOAD, { id: articleId, image: (await testGif()).toString('base64') }, editorToken)).body, 'BAD_USER_INPUT', /JPEG, PNG or WebP/);
    expectRefused((await gql(UPLOAD, { id: articleId, image: testPngBomb().toString('base64') }, editorToken)).body, 'BAD_USER_INPUT', /megapixels/);
    const after = (await gql(`query($id: ID!) { editorArticle(id: $id) { imageUrl } }`, { id: articleId }, editorToken)).body.data!.editorArticle.imageUrl;
    expect(after).toBe(before);
  });

  it('refuses base64 over 10 MB by its length with PAYLOAD_TOO_LARGE', async () => {
    const res = await gql(UPLOAD, { id: articleId, image: 'A'.repeat(COVER_BASE64_MAX_LENGTH + 8) }, editorToken);
    expect(res.status).toBe(200);
    expectRefused(res.body, 'PAYLOAD_TOO_LARGE', /at most 10 MB/);
  });

  it('answers UNAUTHENTICATED without a valid token, and keeps such bodies at 100 kB', async () => {
    const png = (await testPicture('png', { width: 40, height: 30 })).toString('base64');
    expectRefused((await gql(UPLOAD, { id: articleId, image: png }, undefined)).body, 'UNAUTHENTICATED', /token/);
    expectRefused((await gql(REMOVE, { id: articleId }, 'wrong-token-0123456789abcdef')).body, 'UNAUTHENTICATED', /token/);
    const big = (await testPicture('png', { width: 400, height: 300 })).toString('base64').padEnd(200_000, 'A');
    expect((await gql(UPLOAD, { id: articleId, image: big }, 'wrong-token-0123456789abcdef')).status).toBe(413);
    expect((await gql(UPLOAD, { id: articleId, image: big })).status).toBe(413);
  });

  it('lets the owner upload', async () => {
    const res = await gql(UPLOAD, { id: articleId, image: (await testPicture('png')).toString('base64') }, ADMIN_TOKEN);
    expect(res.body.data!.uploadArticleCover.imageUrl).toMatch(/^\/media\/covers\/uploads\//);
  });

  it('answers NOT_FOUND for an unknown article', async () => {
    const res = await gql(UPLOAD, { id: '99999999', image: (await testPicture('png')).toString('base64') }, editorToken);
    expect(res.body.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });
});
