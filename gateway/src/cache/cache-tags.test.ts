import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, notifyContentChange, SCHEDULED_TAGS } from '../../../schema/src/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Purges by tag in one process: each kind of write makes the answers showing it answer the new text
 * at once, and an answer not showing it stays a hit (it is not rendered again).
 */
let t: TestApp;
let editor: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const { token } = await createServices(t.db.orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' });
  editor = { Authorization: `Bearer ${token}` };
}, 120_000);
afterAll(async () => {
  await t.close();
});

// A GraphQL GET carries the header Apollo's CSRF prevention asks of it.
const get = (path: string) => request(t.app).get(path).set('apollo-require-preflight', 'true').expect(200);
const graphqlPath = (query: string) => `/graphql?query=${encodeURIComponent(query)}`;
const graphql = (query: string) => get(graphqlPath(query));
/** A category's list as the category page asks for it. */
const categoryList = (slug: string, first = 50) => graphqlPath(`{ articles(category: "${slug}", first: ${first}) { nodes { id title } } }`);

async function idsOf(path: string): Promise<number[]> {
  const { body } = await get(path);
  return (body.data.articles.nodes as { id: string }[]).map((node) => Number(node.id));
}

/** Asks until the answer is a hit: stored answers are compressed before they are kept. */
async function warm(path: string): Promise<void> {
  await get(path);
  await expect.poll(async () => (await get(path)).headers['x-cache']).toBe('HIT');
}

async function articles(path: string): Promise<{ id: number; title: string; categorySlug: string }[]> {
  const { body } = await get(path);
  return (Array.isArray(body) ? body : (body.articles ?? body.items ?? body.data)) as { id: number; title: string; categorySlug: string }[];
}

describe('cache tags', () => {
  it('are sent with every shareable answer, from the content it was built from', async () => {
    const [first] = await articles('/api/articles?limit=3');
    const one = await get(`/api/articles/${first.id}`);
    const tags = String(one.headers['surrogate-key']).split(' ');
    expect(tags).toContain(`article:${first.id}`);
    expect(one.headers['cache-tag']).toBe(tags.join(','));

    const list = await get('/api/articles?limit=3');
    expect(String(list.headers['surrogate-key']).split(' ')).toEqual(expect.arrayContaining(['articles', `article:${first.id}`]));
    const ticker = await get('/api/breaking-news');
    expect(String(ticker.headers['surrogate-key']).split(' ')).toContain('ticker');
    const partners = await graphql('{ partners { name } }');
    expect(String(partners.headers['surrogate-key']).split(' ')).toContain('partners');
    // A write is never shared: no tags.
    const write = await request(t.app).post('/api/admin/articles').set(editor).send({});
    expect(write.headers['surrogate-key']).toBeUndefined();
  });

  it('a correction: the article and the lists showing it answer the new text at once, another article stays a hit', async () => {
    const [shown, , other] = await articles('/api/articles?limit=3');
    const pages = [`/api/articles/${shown.id}`, '/api/articles?limit=3', categoryList(shown.categorySlug)];
    const untouched = `/api/articles/${other.id}`;
    for (const path of [...pages, untouched]) await warm(path);

    await request(t.app).patch(`/api/admin/articles/${shown.id}`).set(editor).send({ title: 'A corrected headline about sensors' }).expect(200);

    expect((await get(`/api/articles/${shown.id}`)).body.title).toBe('A corrected headline about sensors');
    for (const path of pages) expect((await get(path)).text).toContain('A corrected headline about sensors');
    expect((await get(untouched)).headers['x-cache']).toBe('HIT');
  });

  it('a publish: the lists it joins answer it at once; another category and an article not showing it stay hits', async () => {
    const [latest] = await articles('/api/articles?limit=1');
    const category = latest.categorySlug;
    const [elsewhere] = (await articles('/api/articles?limit=50')).filter((a) => a.categorySlug !== category);
    const lists = ['/api/articles?limit=5', categoryList(category, 5)];
    const untouched = [categoryList(elsewhere.categorySlug, 5), `/api/articles/${elsewhere.id}`];
    for (const path of [...lists, ...untouched]) await warm(path);

    const created = await request(t.app)
      .post('/api/admin/articles')
      .set(editor)
      .send({ title: 'Perth lab opens a quantum foundry', excerpt: 'A foundry.', content: 'A Perth lab opened a foundry.', category, author: 'Alex Nguyen' })
      .expect(201);
    expect(created.body.status).toBe('published');

    for (const path of lists) expect((await get(path)).text).toContain('Perth lab opens a quantum foundry');
    for (const path of untouched) expect((await get(path)).headers['x-cache']).toBe('HIT');
  });

  it('a move to another category: the old and the new category lists both answer at once', async () => {
    const [moved] = await articles('/api/articles?limit=1');
    const target = (await articles('/api/articles?limit=50')).find((a) => a.categorySlug !== moved.categorySlug)!.categorySlug;
    const from = categoryList(moved.categorySlug);
    const to = categoryList(target);
    for (const path of [from, to]) await warm(path);

    await request(t.app).patch(`/api/admin/articles/${moved.id}`).set(editor).send({ category: target }).expect(200);

    expect(await idsOf(from)).not.toContain(moved.id);
    expect(await idsOf(to)).toContain(moved.id);
  });

  it('a ticker headline: the ticker answers it at once, article reads stay hits', async () => {
    const [one] = await articles('/api/articles?limit=1');
    for (const path of ['/api/breaking-news', `/api/articles/${one.id}`]) await warm(path);

    await request(t.app).post('/api/admin/breaking-news').set(editor).send({ title: 'Undersea cable repaired off Darwin' }).expect(201);

    expect((await get('/api/breaking-news')).text).toContain('Undersea cable repaired off Darwin');
    expect((await get(`/api/articles/${one.id}`)).headers['x-cache']).toBe('HIT');
  });

  it('a partner: the answers listing partners answer it at once, article reads stay hits', async () => {
    const [one] = await articles('/api/articles?limit=1');
    const partnersQuery = '{ partners { name } }';
    for (const path of [graphqlPath(partnersQuery), `/api/articles/${one.id}`]) await warm(path);
    const [partner] = await createServices(t.db.orm.em.fork()).partners.listAll();

    await request(t.app).patch(`/api/admin/partners/${partner.id}`).set(editor).send({ name: 'Lyrebird Cloud, renamed' }).expect(200);

    expect((await graphql(partnersQuery)).text).toContain('Lyrebird Cloud, renamed');
    expect((await get(`/api/articles/${one.id}`)).headers['x-cache']).toBe('HIT');
  });

  it('a scheduled article appearing: the lists are purged, an article read stays a hit', async () => {
    const [one] = await articles('/api/articles?limit=1');
    for (const path of ['/api/articles?limit=4', `/api/articles/${one.id}`]) await warm(path);
    notifyContentChange(['Article'], SCHEDULED_TAGS);
    expect((await get('/api/articles?limit=4')).headers['x-cache']).toBe('MISS');
    expect((await get(`/api/articles/${one.id}`)).headers['x-cache']).toBe('HIT');
  });
});
