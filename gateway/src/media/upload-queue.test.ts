import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { testPicture } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEFAULT_RENDERER_OPTIONS } from './cover-renderer.js';

let t: TestApp;
let editorToken: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: 'owner-token-0123456789abcdef' });
  editorToken = (await createServices(t.db.orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' })).token;
}, 120_000);
afterAll(() => t?.close());

const upload = async (n: number) =>
  request(t.app)
    .post('/api/admin/articles')
    .set('Authorization', `Bearer ${editorToken}`)
    .field('title', `Queued upload ${n}`)
    .field('excerpt', 'A picture sent while images are being prepared.')
    .field('content', 'A picture sent while images are being prepared.')
    .field('category', 'space-economy')
    .field('author', 'Alex Nguyen')
    .attach('cover', await testPicture('jpeg'), { filename: 'cover.jpg', contentType: 'image/jpeg' });

describe('editor uploads share the image queue with cover renders', () => {
  it('refuses an upload with 503 and Retry-After while renders fill the queue, and takes it once they are done', async () => {
    let finish: () => void = () => undefined;
    const busy = new Promise<void>((resolve) => (finish = resolve));
    const { running, waiting } = DEFAULT_RENDERER_OPTIONS.queue;
    const held = Array.from({ length: running + waiting }, () => t.covers.work(() => busy));
    expect(t.covers.stats()).toMatchObject({ running, waiting });

    const refused = await upload(1);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(DEFAULT_RENDERER_OPTIONS.queue.retryAfterSeconds));
    expect(refused.body.message).toMatch(/Too many images/);

    finish();
    await Promise.all(held);
    const accepted = await upload(2);
    expect(accepted.status, accepted.text).toBe(201);
  }, 60_000);
});
