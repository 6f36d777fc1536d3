import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, ContactMessage, testArticles } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CLIENT_FIELDS = ['id', 'title', 'excerpt', 'content', 'category', 'author', 'publishedAt', 'imageUrl', 'isBreaking'];
const isNewestFirst = (list: { publishedAt: string }[]) =>
  list.every((a, i) => i === 0 || Date.parse(list[i - 1].publishedAt) >= Date.parse(a.publishedAt));

describe('GET /api/articles', () => {
  it('lists every test article newest first with the client fields', async () => {
    const res = await request(t.app).get('/api/articles').expect(200).expect('Content-Type', /json/);
    expect(res.body).toHaveLength(testArticles.length);
    expect(isNewestFirst(res.body)).toBe(true);
    for (const article of res.body) {
      for (const field of CLIENT_FIELDS) expect(article).toHaveProperty(field);
      expect(typeof article.category).toBe('string');
      expect(new Date(article.publishedAt).toISOString()).toBe(article.publishedAt);
    }
    const withSource = res.body.filter((a: { sourceUrl?: string }) => a.sourceUrl);
    expect(withSource.length).toBeGreaterThan(0);
    expect(res.body.filter((a: object) => !('sourceUrl' in a)).length).toBe(testArticles.length - withSource.length);
  });

  it('pages with ?limit and a Link to the next page', async () => {
    const first = await request(t.app).get('/api/articles?limit=5').expect(200);
    expect(first.body).toHaveLength(5);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link)?.[1];
    expect(next).toBeTruthy();
    const second = await request(t.app).get(next!).expect(200);
    expect(second.body).toHaveLength(5);
    expect(second.body[0].id).not.toBe(first.body[4].id);
    expect(Date.parse(second.body[0].publishedAt)).toBeLessThanOrEqual(Date.parse(first.body[4].publishedAt));
  });

  it.each(['0', 'abc', '-3', '1.5'])('answers 400 naming limit=%s', async (limit) => {
    const res = await request(t.app).get(`/api/articles?limit=${limit}`).expect(400);
    expect(res.body.message).toBe('limit must be a positive integer');
  });

  it('answers 400 for a malformed cursor', async () => {
    const res = await request(t.app).get('/api/articles?after=%%%').expect(400);
    expect(res.body.message).toMatch(/after/);
  });

  it('answers HEAD with 200 and no body', async () => {
    const res = await request(t.app).head('/api/articles').expect(200);
    expect(res.text ?? '').toBe('');
  });
});

describe('GET /api/articles/:id', () => {
  it('returns one article', async () => {
    const [latest] = (await request(t.app).get('/api/articles?limit=1')).body;
    const res = await request(t.app).get(`/api/articles/${latest.id}`).expect(200);
    expect(res.body).toEqual(latest);
  });

  it('answers 404 with a message for a missing article', async () => {
    const res = await request(t.app).get('/api/articles/987654').expect(404);
    expect(res.body).toEqual({ message: 'Article 987654 not found' });
  });

  it('answers 400 for an id that is not a number', async () => {
    const res = await request(t.app).get('/api/articles/not-a-number').expect(400);
    expect(res.body.message).toBe('Article id must be a positive integer');
  });
});

describe('GET /api/breaking-news', () => {
  it('lists ticker items with titles', async () => {
    const res = await request(t.app).get('/api/breaking-news').expect(200);
    expect(res.body.length).toBeGreaterThanOrEqual(5);
    expect(res.body.every((i: { title: string }) => typeof i.title === 'string' && i.title.length > 0)).toBe(true);
  });

  it('answers HEAD with 200 and no body', async () => {
    await request(t.app).head('/api/breaking-news').expect(200);
  });
});

describe('GET /api/categories/:categoryName/articles', () => {
  it.each(categories.map((c) => [c.name, c.slug]))('lists articles of "%s" by URL-encoded name', async (name, slug) => {
    const res = await request(t.app).get(`/api/categories/${encodeURIComponent(name)}/articles`).expect(200);
    const expected = testArticles.filter((a) => a.categorySlug === slug).length;
    expect(res.body).toHaveLength(expected);
    expect(res.body.every((a: { category: string }) => a.category === name)).toBe(true);
    expect(isNewestFirst(res.body)).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('accepts the slug and any letter case of the name', async () => {
    const bySlug = await request(t.app).get('/api/categories/ar-vr-metaverse/articles').expect(200);
    const byLower = await request(t.app).get(`/api/categories/${encodeURIComponent('ar/vr & metaverse')}/articles`).expect(200);
    expect(bySlug.body.length).toBeGreaterThan(0);
    expect(byLower.body).toEqual(bySlug.body);
  });

  it('answers 404 for an unknown category, and treats LIKE wildcards literally', async () => {
    expect((await request(t.app).get('/api/categories/Gardening/articles').expect(404)).body).toEqual({
      message: 'Category "Gardening" not found',
    });
    await request(t.app).get(`/api/categories/${encodeURIComponent('%')}/articles`).expect(404);
    await request(t.app).get(`/api/categories/${encodeURIComponent('Cyber_ecurity')}/articles`).expect(404);
  });
});

describe('POST /api/contact', () => {
  const valid = {
    name: 'Liam O’Connor',
    email: 'liam@example.com.au',
    subject: 'Buying the domain',
    message: 'Please send the traffic figures and your asking price.',
    inquiryType: 'domain',
  };

  it('stores a valid inquiry and answers 201 with its id and reference', async () => {
    const res = await request(t.app).post('/api/contact').send(valid).expect(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), reference: expect.stringMatching(/^INQ-\d{6}$/) });
    const stored = await t.db.orm.em.fork().findOneOrFail(ContactMessage, { id: res.body.id });
    expect(stored).toMatchObject({ ...valid });
  });

  it('defaults the inquiry type to general', async () => {
    const { inquiryType: _omit, ...rest } = valid;
    const res = await request(t.app).post('/api/contact').send(rest).expect(201);
    const stored = await t.db.orm.em.fork().findOneOrFail(ContactMessage, { id: res.body.id });
    expect(stored.inquiryType).toBe('general');
  });

  it('answers 400 naming every offending field', async () => {
    const res = await request(t.app)
      .post('/api/contact')
      .send({ name: ' ', email: 'nope', subject: 'x'.repeat(201), message: 'ok', inquiryType: 'sales', extra: 1 })
      .expect(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ['email', 'extra', 'inquiryType', 'name', 'subject'].sort(),
    );
    expect(res.body.message).toMatch(/^Invalid contact message/);
  });

  it('answers 400, never 500, for malformed JSON', async () => {
    const res = await request(t.app).post('/api/contact').set('Content-Type', 'application/json').send('{"name": ').expect(400);
    expect(res.body.message).toMatch(/Malformed JSON/);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await request(t.app).post('/api/contact').type('form').send('name=x').expect(415);
    expect(res.body.message).toBe('Content-Type must be application/json');
  });

  it('stores nothing when the input is rejected', async () => {
    const before = await t.db.orm.em.fork().count(ContactMessage, {});
    await request(t.app).post('/api/contact').send({ ...valid, email: 'broken' }).expect(400);
    expect(await t.db.orm.em.fork().count(ContactMessage, {})).toBe(before);
  });
});

describe('other paths', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await request(t.app).get('/api/nothing-here').expect(404);
    expect(res.body.message).toBe('No API route for GET /api/nothing-here');
  });

  it('reports liveness and readiness', async () => {
    expect((await request(t.app).get('/healthz').expect(200)).body).toEqual({ status: 'ok' });
    expect((await request(t.app).get('/readyz').expect(200)).body).toEqual({ status: 'ready' });
  });

  it('compresses JSON for clients that accept it', async () => {
    const res = await request(t.app).get('/api/articles').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
