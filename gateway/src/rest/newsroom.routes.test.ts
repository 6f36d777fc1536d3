import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { testBreakingNews, testPartners } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The newsroom's REST paths for tools (decision 019): every route with its role check, its
 * validation and its effect on what readers get.
 */
const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
let t: TestApp;
let editorToken: string;
let adminEditorToken: string;
let revokedToken: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN });
  const editors = createServices(t.db.orm.em.fork()).editors;
  editorToken = (await editors.createToken({ name: 'Alex Nguyen' })).token;
  adminEditorToken = (await editors.createToken({ name: 'Sam Lee', role: 'admin' })).token;
  revokedToken = (await editors.createToken({ name: 'Former Editor' })).token;
  await editors.revokeToken('Former Editor');
}, 120_000);
afterAll(async () => {
  await t.close();
});

const as = (token: string) => ({ Authorization: `Bearer ${token}` });
const story = (overrides: Record<string, unknown> = {}) => ({
  title: 'Sydney start-up ships a quantum sensor',
  excerpt: 'The sensor maps groundwater from the surface.',
  content: 'A Sydney start-up shipped its first quantum sensor this week. Councils will trial it.',
  category: 'quantum-computing',
  author: 'Alex Nguyen',
  ...overrides,
});

function send(method: 'get' | 'post' | 'patch' | 'put' | 'delete', path: string, headers: Record<string, string> = {}, body?: unknown) {
  let req = request(t.app)[method](path);
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  return body === undefined ? req : req.send(body as object);
}

async function anArticleId(): Promise<number> {
  const res = await send('post', '/api/admin/articles', as(editorToken), story({ title: `Fixture ${Math.random()}` })).expect(201);
  return res.body.id;
}

describe('access', () => {
  const routes: [method: 'get' | 'post' | 'patch' | 'put' | 'delete', path: string, body?: unknown][] = [
    ['get', '/api/admin/articles'],
    ['post', '/api/admin/articles', story()],
    ['get', '/api/admin/articles/1'],
    ['patch', '/api/admin/articles/1', { title: 'x' }],
    ['delete', '/api/admin/articles/1'],
    ['get', '/api/admin/articles/1/revisions'],
    ['get', '/api/admin/breaking-news'],
    ['post', '/api/admin/breaking-news', { title: 'x' }],
    ['put', '/api/admin/breaking-news/order', { ids: [1] }],
    ['patch', '/api/admin/breaking-news/1', { title: 'x' }],
    ['delete', '/api/admin/breaking-news/1'],
    ['get', '/api/admin/partners'],
    ['post', '/api/admin/partners', {}],
    ['patch', '/api/admin/partners/1', { enabled: false }],
  ];

  it.each(routes)('%s %s answers 401 without a token, with a wrong one and with a revoked one', async (method, path, body) => {
    for (const headers of [{}, as('wrong-token-0123456789abcdef'), as(revokedToken), { Authorization: `Basic ${Buffer.from(`x:${editorToken}`).toString('base64')}` }]) {
      const res = await send(method, path, headers, body);
      expect(res.status, `${JSON.stringify(headers)}: ${res.text}`).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.message).toMatch(/token/);
    }
  });

  it('says a revoked token was revoked', async () => {
    const res = await send('get', '/api/admin/articles', as(revokedToken)).expect(401);
    expect(res.body.message).toMatch(/revoked/);
  });

  it('lets the editor role do newsroom work and refuses it inquiries (403)', async () => {
    await send('get', '/api/admin/articles', as(editorToken)).expect(200);
    const res = await send('get', '/api/admin/inquiries', as(editorToken)).expect(403);
    expect(res.body.message).toMatch(/admin role/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('lets the admin role and the owner do both', async () => {
    for (const token of [adminEditorToken, ADMIN_TOKEN]) {
      await send('get', '/api/admin/articles', as(token)).expect(200);
      await send('get', '/api/admin/inquiries', as(token)).expect(200);
    }
  });

  it('checks the token before reading the body', async () => {
    const res = await request(t.app).post('/api/admin/articles').set('Content-Type', 'application/json').send('{"broken');
    expect(res.status).toBe(401);
  });

  it.each([
    ['put', '/api/admin/articles', 'GET, HEAD, POST'],
    ['post', '/api/admin/articles/1', 'GET, HEAD, PATCH, DELETE'],
    ['post', '/api/admin/articles/1/revisions', 'GET, HEAD'],
    ['get', '/api/admin/breaking-news/order', 'PUT'],
    ['get', '/api/admin/breaking-news/3', 'PATCH, DELETE'],
    ['delete', '/api/admin/partners/3', 'PATCH'],
  ] as const)('%s %s -> 405, Allow: %s', async (method, path, allow) => {
    const res = await send(method, path, as(editorToken));
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
  });
});

describe('articles', () => {
  it('POST publishes: 201 with the article JSON of /api/articles/:id plus status, and readers get it', async () => {
    const res = await send('post', '/api/admin/articles', as(editorToken), story({ sourceUrl: 'https://example.org/sensor' })).expect(201);
    expect(res.headers.location).toBe(`/api/admin/articles/${res.body.id}`);
    expect(res.headers['cache-control']).toBe('no-store');
    const { status, state, createdAt, ...article } = res.body;
    expect({ status, state }).toEqual({ status: 'published', state: 'live' });
    expect(new Date(createdAt).toISOString()).toBe(createdAt);
    const reader = await request(t.app).get(`/api/articles/${res.body.id}`).expect(200);
    expect(article).toEqual(reader.body);
    expect(article).toMatchObject({ slug: 'sydney-start-up-ships-a-quantum-sensor', category: 'Quantum Computing', categorySlug: 'quantum-computing', sourceUrl: 'https://example.org/sensor', isBreaking: false });
    const latest = await request(t.app).get('/api/articles?limit=1').expect(200);
    expect(latest.body[0].id).toBe(res.body.id);
  });

  it('POST refuses bad input with 400 naming every field, and stores nothing', async () => {
    const before = (await send('get', '/api/admin/articles?limit=100', as(editorToken))).body.articles.length;
    const cases: [body: unknown, fields: string[]][] = [
      [{}, ['author', 'category', 'content', 'excerpt', 'title']],
      [story({ category: 'gardening' }), ['category']],
      [story({ sourceUrl: 'javascript:alert(document.cookie)' }), ['sourceUrl']],
      [story({ sourceUrl: 'JAVASCRIPT:alert(1)', title: '', status: 'live', publishedAt: 'soon' }), ['publishedAt', 'sourceUrl', 'status', 'title']],
      [story({ extra: true }), ['extra']],
      [[story()], ['body']],
    ];
    for (const [body, fields] of cases) {
      const res = await send('post', '/api/admin/articles', as(editorToken), body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(fields);
      expect(res.body.message).toMatch(/^Invalid article: /);
    }
    expect((await send('get', '/api/admin/articles?limit=100', as(editorToken))).body.articles.length).toBe(before);
  });

  it('POST takes JSON only, well-formed', async () => {
    const wrongType = await request(t.app).post('/api/admin/articles').set(as(editorToken)).set('Content-Type', 'text/plain').send('title=x');
    expect(wrongType.status).toBe(415);
    const broken = await request(t.app).post('/api/admin/articles').set(as(editorToken)).set('Content-Type', 'application/json').send('{"title":');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/Malformed JSON/);
  });

  it('PATCH changes the fields sent, and the revisions list who changed what', async () => {
    const id = await anArticleId();
    const res = await send('patch', `/api/admin/articles/${id}`, as(adminEditorToken), { title: 'A corrected headline', isBreaking: true }).expect(200);
    expect(res.body).toMatchObject({ id, title: 'A corrected headline', isBreaking: true, status: 'published' });
    expect((await request(t.app).get(`/api/articles/${id}`)).body.title).toBe('A corrected headline');
    const revisions = await send('get', `/api/admin/articles/${id}/revisions`, as(editorToken)).expect(200);
    expect(revisions.headers['cache-control']).toBe('no-store');
    expect(revisions.body.nextCursor).toBeNull();
    expect(revisions.body.revisions.map((r: { action: string; editor: string }) => [r.action, r.editor])).toEqual([
      ['update', 'Sam Lee'],
      ['create', 'Alex Nguyen'],
    ]);
    expect(revisions.body.revisions[0].changes).toEqual({
      title: { from: expect.stringMatching(/^Fixture/), to: 'A corrected headline' },
      isBreaking: { from: false, to: true },
    });
    expect(new Date(revisions.body.revisions[0].createdAt).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('PATCH and DELETE answer 404 for an unknown article and 400 for a bad id; PATCH 400 for bad fields', async () => {
    await send('patch', '/api/admin/articles/999999', as(editorToken), { title: 'x' }).expect(404);
    await send('delete', '/api/admin/articles/999999', as(editorToken)).expect(404);
    const bad = await send('patch', '/api/admin/articles/abc', as(editorToken), { title: 'x' }).expect(400);
    expect(bad.body.errors).toEqual([{ field: 'id', message: 'Must be a positive integer' }]);
    const id = await anArticleId();
    const res = await send('patch', `/api/admin/articles/${id}`, as(editorToken), { title: '', category: 'nope', sourceUrl: 'data:text/html,x' }).expect(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['category', 'sourceUrl', 'title']);
    const empty = await send('patch', `/api/admin/articles/${id}`, as(editorToken), {}).expect(400);
    expect(empty.body.errors).toEqual([{ field: 'body', message: 'Send at least one field to change' }]);
  });

  it('PATCH status draft unpublishes: the reader API answers 404 and the list leaves it out', async () => {
    const id = await anArticleId();
    await send('patch', `/api/admin/articles/${id}`, as(editorToken), { status: 'draft' }).expect(200);
    await request(t.app).get(`/api/articles/${id}`).expect(404);
    const list = await request(t.app).get('/api/articles?limit=100').expect(200);
    expect(list.body.map((a: { id: number }) => a.id)).not.toContain(id);
    const editorView = await send('get', `/api/admin/articles/${id}`, as(editorToken)).expect(200);
    expect(editorView.body).toMatchObject({ id, status: 'draft', state: 'draft' });
  });

  it('DELETE answers 204; the article is gone for readers and editors, its revisions stay', async () => {
    const id = await anArticleId();
    const res = await send('delete', `/api/admin/articles/${id}`, as(editorToken)).expect(204);
    expect(res.text).toBe('');
    await request(t.app).get(`/api/articles/${id}`).expect(404);
    await send('get', `/api/admin/articles/${id}`, as(editorToken)).expect(404);
    const revisions = await send('get', `/api/admin/articles/${id}/revisions`, as(editorToken)).expect(200);
    expect(revisions.body.revisions.map((r: { action: string }) => r.action)).toEqual(['delete', 'create']);
    await send('get', '/api/admin/articles/999999/revisions', as(editorToken)).expect(404);
  });

  it('schedules an article: invisible to readers until its publishedAt, listed to editors as scheduled', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const res = await send('post', '/api/admin/articles', as(editorToken), story({ title: 'Embargoed until the hour', publishedAt: at })).expect(201);
    expect(res.body).toMatchObject({ status: 'published', state: 'scheduled', publishedAt: at });
    await request(t.app).get(`/api/articles/${res.body.id}`).expect(404);
    const scheduled = await send('get', '/api/admin/articles?state=scheduled', as(editorToken)).expect(200);
    expect(scheduled.body.articles.map((a: { id: number }) => a.id)).toEqual([res.body.id]);
    const drafted = await send('post', '/api/admin/articles', as(editorToken), story({ title: 'Just a draft', status: 'draft' })).expect(201);
    expect(drafted.body.state).toBe('draft');
    await request(t.app).get(`/api/articles/${drafted.body.id}`).expect(404);
  });

  it('lists articles for editors, paged, filtered, naming bad parameters', async () => {
    const first = await send('get', '/api/admin/articles?limit=2', as(editorToken)).expect(200);
    expect(first.body.articles).toHaveLength(2);
    const next = await send('get', `/api/admin/articles?limit=2&after=${first.body.nextCursor}`, as(editorToken)).expect(200);
    expect(next.body.articles[0].id).not.toBe(first.body.articles[0].id);
    const edtech = await send('get', '/api/admin/articles?category=edtech', as(editorToken)).expect(200);
    expect(edtech.body.articles.every((a: { categorySlug: string }) => a.categorySlug === 'edtech')).toBe(true);
    expect((await send('get', '/api/admin/articles?state=gone', as(editorToken)).expect(400)).body.errors[0].field).toBe('state');
    expect((await send('get', '/api/admin/articles?cursor=x', as(editorToken)).expect(400)).body.errors[0].field).toBe('cursor');
  });
});

describe('breaking news', () => {
  it('adds, links, reorders, expires and removes ticker items; readers get the result', async () => {
    const articleId = await anArticleId();
    const created = await send('post', '/api/admin/breaking-news', as(editorToken), { title: 'Flash: sensor ships', articleId }).expect(201);
    expect(created.body).toMatchObject({ title: 'Flash: sensor ships', articleId, active: true, expiresAt: null });
    let ticker = (await request(t.app).get('/api/breaking-news').expect(200)).body;
    expect(ticker.at(-1)).toEqual({ id: created.body.id, title: 'Flash: sensor ships', articleId });
    expect(ticker[0]).toEqual({ id: expect.any(Number), title: testBreakingNews[0].title });

    const order = await send('put', '/api/admin/breaking-news/order', as(editorToken), { ids: [created.body.id] }).expect(200);
    expect(order.body[0].id).toBe(created.body.id);
    ticker = (await request(t.app).get('/api/breaking-news')).body;
    expect(ticker[0].id).toBe(created.body.id);

    await send('patch', `/api/admin/breaking-news/${created.body.id}`, as(editorToken), { expiresAt: new Date(Date.now() - 1_000).toISOString() }).expect(200);
    ticker = (await request(t.app).get('/api/breaking-news')).body;
    expect(ticker.map((i: { id: number }) => i.id)).not.toContain(created.body.id);
    const all = (await send('get', '/api/admin/breaking-news', as(editorToken)).expect(200)).body;
    expect(all.find((i: { id: number }) => i.id === created.body.id)).toMatchObject({ active: false });

    await send('delete', `/api/admin/breaking-news/${created.body.id}`, as(editorToken)).expect(204);
    await send('delete', `/api/admin/breaking-news/${created.body.id}`, as(editorToken)).expect(404);
  });

  it('names every offending field', async () => {
    const res = await send('post', '/api/admin/breaking-news', as(editorToken), { title: '', articleId: 999999, expiresAt: 'never' }).expect(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['expiresAt', 'title']);
    const unknown = await send('post', '/api/admin/breaking-news', as(editorToken), { title: 'ok', articleId: 999999 }).expect(400);
    expect(unknown.body.errors).toEqual([{ field: 'articleId', message: 'No article with id 999999' }]);
    const order = await send('put', '/api/admin/breaking-news/order', as(editorToken), { ids: [999999] }).expect(400);
    expect(order.body.errors[0].field).toBe('ids');
  });
});

describe('partners', () => {
  it('adds, moves and disables partners; readers get the result', async () => {
    const partner = {
      name: 'Numbat Cloud',
      description: 'Managed servers in Perth and Sydney.',
      offer: 'First month free',
      cta: 'Start Now',
      affiliateUrl: 'https://example.org/partners/numbat',
      icon: 'Cloud',
      placement: 'sidebar',
    };
    const created = await send('post', '/api/admin/partners', as(editorToken), partner).expect(201);
    expect(created.body).toMatchObject({ slug: 'numbat-cloud', enabled: true, placement: 'sidebar' });
    const gql = async () =>
      (await request(t.app).post('/graphql').send({ query: '{ partners { slug placement } }' })).body.data.partners as { slug: string; placement: string }[];
    expect(await gql()).toContainEqual({ slug: 'numbat-cloud', placement: 'SIDEBAR' });
    await send('patch', `/api/admin/partners/${created.body.id}`, as(editorToken), { placement: 'promotion' }).expect(200);
    expect(await gql()).toContainEqual({ slug: 'numbat-cloud', placement: 'PROMOTION' });
    await send('patch', `/api/admin/partners/${created.body.id}`, as(editorToken), { enabled: false }).expect(200);
    expect((await gql()).map((p) => p.slug)).not.toContain('numbat-cloud');
    expect((await gql()).length).toBe(testPartners.length);
    const all = (await send('get', '/api/admin/partners', as(editorToken)).expect(200)).body;
    expect(all.find((p: { id: number }) => p.id === created.body.id)).toMatchObject({ enabled: false });
    const bad = await send('post', '/api/admin/partners', as(editorToken), { ...partner, affiliateUrl: 'javascript:alert(1)', placement: 'footer' }).expect(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['affiliateUrl', 'placement']);
    await send('patch', '/api/admin/partners/999999', as(editorToken), { enabled: false }).expect(404);
  });
});
