import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Authors and corrections over HTTP: the REST and GraphQL contracts (the byline string kept, the
 * slug beside it), real 404s, the newsroom's writes with the field named on hostile input, and a
 * correction seen on the article, /api/corrections and the feed at the next request.
 */
const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
let t: TestApp;
let editorToken: string;
let articleId: number;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN });
  editorToken = (await createServices(t.db.orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' })).token;
  const [first] = (await request(t.app).get('/api/articles?limit=1').expect(200)).body;
  articleId = first.id;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const as = () => ({ Authorization: `Bearer ${editorToken}` });
const graphql = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  request(t.app).post('/graphql').set(headers).send({ query, variables });

describe('authors', () => {
  let byline: string;

  it('an editor creates an author for a byline; REST articles keep the string and add authorSlug', async () => {
    byline = (await request(t.app).get(`/api/articles/${articleId}`).expect(200)).body.author;
    expect((await request(t.app).get(`/api/articles/${articleId}`)).body.authorSlug).toBeUndefined();
    const created = await request(t.app)
      .post('/api/admin/authors')
      .set('Authorization', `Bearer ${editorToken}`)
      .send({ name: byline, role: 'Reporter, Security', bio: 'Writes about breaches.', linkedinUrl: 'https://www.linkedin.com/in/someone' })
      .expect(201);
    const slug = created.body.slug;
    expect(created.headers.location).toBe(`/api/authors/${slug}`);
    const article = (await request(t.app).get(`/api/articles/${articleId}`).expect(200)).body;
    expect(article).toMatchObject({ author: byline, authorSlug: slug, kind: 'news' });
  });

  it('GET /api/authors and /api/authors/{slug} answer the profile and their articles; an unknown slug is a 404', async () => {
    const list = (await request(t.app).get('/api/authors').expect(200)).body;
    const mine = list.find((a: { name: string }) => a.name === byline);
    expect(mine).toMatchObject({ role: 'Reporter, Security', linkedinUrl: 'https://www.linkedin.com/in/someone' });
    const one = (await request(t.app).get(`/api/authors/${mine.slug}?limit=1`).expect(200)).body;
    expect(one.articles).toHaveLength(1);
    expect(one.articles[0].author).toBe(byline);
    expect(one.articleCount).toBeGreaterThanOrEqual(1);
    const missing = await request(t.app).get('/api/authors/nobody-at-all').expect(404);
    expect(missing.body.message).toMatch(/nobody-at-all/);
  });

  it('GraphQL: Article.author stays a String, authorSlug and authorProfile beside it; author(slug) null when unknown', async () => {
    const res = await graphql(
      `query ($id: ID!) { article(id: $id) { author authorSlug authorProfile { name role slug articles(first: 1) { totalCount nodes { id } } } } nobody: author(slug: "nobody-at-all") { name } authors { name } }`,
      { id: String(articleId) },
    ).expect(200);
    expect(res.body.errors).toBeUndefined();
    const { article, nobody, authors } = res.body.data;
    expect(article.author).toBe(byline);
    expect(article.authorProfile).toMatchObject({ name: byline, slug: article.authorSlug });
    expect(article.authorProfile.articles.nodes).toHaveLength(1);
    expect(nobody).toBeNull();
    expect(authors.map((a: { name: string }) => a.name)).toContain(byline);
  });

  it('hostile profiles get a 400 naming the field: HTML in a bio, a javascript: link', async () => {
    const res = await request(t.app)
      .post('/api/admin/authors')
      .set('Authorization', `Bearer ${editorToken}`)
      .send({ name: 'Mallory', role: 'Reporter', bio: '<b>bold</b> claims', websiteUrl: 'javascript:alert(1)' })
      .expect(400);
    expect(res.body.errors.map((f: { field: string }) => f.field)).toEqual(['bio', 'websiteUrl']);
    const gql = await graphql(`mutation { createAuthor(input: { name: "M", role: "R", bio: "B", linkedinUrl: "javascript:alert(1)" }) { slug } }`, {}, as());
    expect(gql.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(gql.body.errors[0])).toMatch(/linkedinUrl/);
  });

  it('oversized values, markup and unknown categories get a 400 naming each field, on create and on change; nothing is kept', async () => {
    const fields = (res: request.Response) => [...new Set(res.body.errors.map((f: { field: string }) => f.field))].sort();
    const created = await request(t.app)
      .post('/api/admin/authors')
      .set(as())
      .send({ name: 'N'.repeat(121), role: 'Reporter', bio: 'b'.repeat(2_001), fediverseHandle: 'not a handle', categorySlugs: ['no-such-desk'] })
      .expect(400);
    expect(fields(created)).toEqual(['bio', 'fediverseHandle', 'name']);
    const unknownDesk = await request(t.app).post('/api/admin/authors').set(as()).send({ name: 'Odette Marsh', role: 'Reporter', bio: 'Writes.', categorySlugs: ['no-such-desk'] }).expect(400);
    expect(fields(unknownDesk)).toEqual(['categorySlugs']);
    expect((await request(t.app).get('/api/authors').expect(200)).body.some((a: { name: string }) => a.name === 'Odette Marsh')).toBe(false);

    const [someone] = (await request(t.app).get('/api/authors').expect(200)).body;
    const changed = await request(t.app)
      .patch(`/api/admin/authors/${someone.slug}`)
      .set(as())
      .send({ linkedinUrl: 'javascript:alert(1)', websiteUrl: `https://example.com/${'a'.repeat(300)}`, bio: 'Hi &lt;there&gt;' })
      .expect(400);
    expect(fields(changed)).toEqual(['bio', 'linkedinUrl', 'websiteUrl']);
    expect((await request(t.app).get(`/api/authors/${someone.slug}`).expect(200)).body.bio).toBe(someone.bio);
    await request(t.app).patch('/api/admin/authors/nobody-at-all').set(as()).send({ role: 'Editor' }).expect(404);
  });

  it('writes need an editor token', async () => {
    await request(t.app).post('/api/admin/authors').send({ name: 'X', role: 'Y', bio: 'Z' }).expect(401);
    await request(t.app).post(`/api/admin/articles/${articleId}/corrections`).send({ text: 'x' }).expect(401);
  });
});

describe('corrections', () => {
  it('REST: added to the article, listed at /api/corrections and in the feed at the next request', async () => {
    const before = (await request(t.app).get(`/api/articles/${articleId}`).expect(200)).body.updatedAt;
    const added = await request(t.app)
      .post(`/api/admin/articles/${articleId}/corrections`)
      .set('Authorization', `Bearer ${editorToken}`)
      .send({ kind: 'correction', text: 'An earlier version misspelt the company name.' })
      .expect(201);
    expect(added.body).toMatchObject({ articleId, kind: 'correction' });
    const after = (await request(t.app).get(`/api/articles/${articleId}`).expect(200)).body.updatedAt;
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime());
    const list = (await request(t.app).get('/api/corrections').expect(200)).body.corrections;
    expect(list[0]).toMatchObject({ articleId, text: 'An earlier version misspelt the company name.' });
    const feed = await request(t.app).get('/corrections/rss.xml').expect(200);
    expect(feed.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(feed.text).toContain('An earlier version misspelt the company name.');
    expect(feed.text).toContain(`/articles/${articleId}#correction-${added.body.id}`);
  });

  it('GraphQL: addCorrection through the same service, then Article.corrections newest first', async () => {
    const add = await graphql(
      `mutation ($id: ID!) { addCorrection(articleId: $id, input: { kind: CLARIFICATION, text: "The trial runs for six months." }) { id kind } }`,
      { id: String(articleId) },
      as(),
    ).expect(200);
    expect(add.body.data.addCorrection.kind).toBe('CLARIFICATION');
    const read = await graphql(`query ($id: ID!) { article(id: $id) { corrections { kind text } } }`, { id: String(articleId) }).expect(200);
    expect(read.body.data.article.corrections.map((c: { kind: string }) => c.kind)).toEqual(['CLARIFICATION', 'CORRECTION']);
  });

  it('HTML in the text is a 400 naming text', async () => {
    const res = await request(t.app)
      .post(`/api/admin/articles/${articleId}/corrections`)
      .set('Authorization', `Bearer ${editorToken}`)
      .send({ text: 'See <a href="https://evil.example">here</a>' })
      .expect(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'text' })]);
  });
});
