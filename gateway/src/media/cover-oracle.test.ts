import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** An unpublished headline must not be learnt from its cover: a draft's key answers as an invented one. */
let t: TestApp;
let draftKey: string;
let scheduledKey: string;

beforeAll(async () => {
  t = await createTestApp();
  const connection = t.db.orm.em.fork().getConnection();
  const rows = await connection.execute<{ id: string; image_url: string }[]>(
    `select id::text, image_url from article where image_url like '/media/covers/%--%' order by published_at desc limit 2`,
  );
  await connection.execute(`update article set status = 'draft' where id = ?`, [Number(rows[0].id)]);
  await connection.execute(`update article set published_at = now() + interval '3 days' where id = ?`, [Number(rows[1].id)]);
  draftKey = rows[0].image_url.replace('/media/covers/', '');
  scheduledKey = rows[1].image_url.replace('/media/covers/', '');
});
afterAll(async () => {
  await t.close();
});

/** What a client learns from an answer: status, headers and body, with what depends on the key's length blanked. */
async function answer(key: string) {
  const res = await request(t.app).get(`/media/covers/${key}?w=320`).set('Accept', 'image/jpeg');
  const headers = { ...res.headers };
  delete headers.date;
  delete headers['x-request-id'];
  delete headers['content-length'];
  delete headers.etag;
  // An image has no text: its type stands for it.
  const body = typeof res.text === 'string' ? res.text.split(key).join('<key>') : `<${res.type}>`;
  return { status: res.status, headers, body };
}

describe('cover keys of unpublished articles', () => {
  it('answer exactly as an invented key does', async () => {
    const invented = await answer(`${draftKey}-invented`);
    expect(invented.status).toBe(404);
    expect(await answer(draftKey)).toEqual(invented);
    expect(await answer(scheduledKey)).toEqual(invented);
  });
});
