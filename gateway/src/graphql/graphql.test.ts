import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { categories, ContactMessage, testArticles, testBreakingNews, testPartners } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.db.queries.length = 0;
});

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const res = await request(t.app).post('/graphql').send({ query, variables });
  return res;
}
const selects = () => t.db.queries.filter((q) => /\bselect\b/i.test(q)).length;

describe('queries', () => {
  it('lists categories in display order and finds one by slug', async () => {
    const res = await gql('{ categories { id name slug description icon } category(slug: "edtech") { name } missing: category(slug: "nope") { name } }');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.categories.map((c: { slug: string }) => c.slug)).toEqual(categories.map((c) => c.slug));
    expect(res.body.data.category).toEqual({ name: 'EdTech' });
    expect(res.body.data.missing).toBeNull();
  });

  it('pages articles with edges, pageInfo and totalCount', async () => {
    const query = `query Page($after: String) {
      articles(first: 10, after: $after) {
        totalCount
        edges { cursor node { id publishedAt } }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }`;
    const first = (await gql(query)).body.data.articles;
    expect(first.totalCount).toBe(testArticles.length);
    expect(first.edges).toHaveLength(10);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.pageInfo.endCursor).toBe(first.edges[9].cursor);
    const ids = new Set<string>(first.edges.map((e: { node: { id: string } }) => e.node.id));
    let after = first.pageInfo.endCursor;
    let last = after;
    for (let guard = 0; guard < 10 && after; guard++) {
      const page = (await gql(query, { after })).body.data.articles;
      page.edges.forEach((e: { node: { id: string } }) => ids.add(e.node.id));
      // Read with each page's rows, in the same statement.
      expect(page.totalCount).toBe(testArticles.length);
      last = page.pageInfo.endCursor;
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    }
    expect(ids.size).toBe(testArticles.length);
    // Past the end no row carries the count: it is counted on its own.
    const beyond = (await gql(query, { after: last })).body.data.articles;
    expect(beyond.edges).toEqual([]);
    expect(beyond.totalCount).toBe(testArticles.length);
  });

  it('filters articles by category', async () => {
    const res = await gql('{ articles(category: "space-economy", first: 100) { totalCount nodes { category { slug } } } }');
    const expected = testArticles.filter((a) => a.categorySlug === 'space-economy').length;
    expect(res.body.data.articles.totalCount).toBe(expected);
    expect(res.body.data.articles.nodes).toHaveLength(expected);
  });

  it('caps the page size at 100', async () => {
    const res = await gql('{ articles(first: 1000) { nodes { id } } }');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.articles.nodes.length).toBeLessThanOrEqual(100);
  });

  it('reads one article with its related articles', async () => {
    const [{ id }] = (await gql('{ articles(first: 1) { nodes { id } } }')).body.data.articles.nodes;
    const res = await gql('query A($id: ID!) { article(id: $id) { id title category { slug } related { id category { slug } } two: related(first: 2) { id } } }', { id });
    const article = res.body.data.article;
    expect(article.id).toBe(id);
    expect(article.related.length).toBeLessThanOrEqual(3);
    expect(article.related.every((r: { id: string; category: { slug: string } }) => r.id !== id && r.category.slug === article.category.slug)).toBe(true);
    expect(article.two.length).toBeLessThanOrEqual(2);
  });

  it('answers null for a missing article and BAD_USER_INPUT for a malformed id', async () => {
    expect((await gql('{ article(id: "424242") { id } }')).body.data.article).toBeNull();
    const bad = await gql('{ article(id: "abc") { id } }');
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.body.errors[0].message).toBe('Article id must be a positive integer');
  });

  it('answers NOT_FOUND for an unknown category filter and BAD_USER_INPUT for a bad cursor', async () => {
    const unknown = await gql('{ articles(category: "gardening") { nodes { id } } }');
    expect(unknown.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const cursor = await gql('{ articles(after: "???") { nodes { id } } }');
    expect(cursor.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('lists breaking news and partners, filtered by placement', async () => {
    const res = await gql('{ breakingNews { id title } partners { name badge placement cta affiliateUrl icon offer description } sidebar: partners(placement: SIDEBAR) { name badge } }');
    expect(res.body.data.breakingNews.map((b: { title: string }) => b.title)).toEqual(testBreakingNews.map((b) => b.title));
    expect(res.body.data.partners).toHaveLength(testPartners.length);
    expect(res.body.data.sidebar).toHaveLength(2);
    expect(res.body.data.sidebar.some((p: { badge: string | null }) => p.badge === 'Premium')).toBe(true);
  });

  it('lists 100 articles with categories and related articles in a constant number of queries', async () => {
    await gql('{ articles(first: 5) { nodes { id category { name } related { id category { name } } } } }');
    const small = selects();
    t.db.queries.length = 0;
    const res = await gql('{ articles(first: 100) { nodes { id category { name } related { id category { name } } } } }');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.articles.nodes.length).toBe(testArticles.length);
    expect(selects()).toBe(small);
    expect(selects()).toBeLessThanOrEqual(3);
  });
});

describe('submitContactMessage', () => {
  const mutation = `mutation Send($input: ContactMessageInput!) {
    submitContactMessage(input: $input) { id reference receivedAt }
  }`;
  const input = { name: 'Mei Chen', email: 'mei@example.com.au', subject: 'Advertising', message: 'Rates for a quarter, please.' };

  it('stores the message with the default inquiry type', async () => {
    const res = await gql(mutation, { input });
    expect(res.body.errors).toBeUndefined();
    const receipt = res.body.data.submitContactMessage;
    expect(receipt.reference).toMatch(/^INQ-\d{6}$/);
    const stored = await t.db.orm.em.fork().findOneOrFail(ContactMessage, { id: Number(receipt.id) });
    expect(stored).toMatchObject({ ...input, inquiryType: 'general' });
  });

  it('stores every inquiry type', async () => {
    for (const [value, stored] of [['DOMAIN', 'domain'], ['ADVERTISING', 'advertising'], ['EDITORIAL', 'editorial'], ['TECHNICAL', 'technical']]) {
      const res = await gql(mutation, { input: { ...input, inquiryType: value } });
      const row = await t.db.orm.em.fork().findOneOrFail(ContactMessage, { id: Number(res.body.data.submitContactMessage.id) });
      expect(row.inquiryType).toBe(stored);
    }
  });

  it('answers BAD_USER_INPUT with the same field details as REST', async () => {
    const res = await gql(mutation, { input: { ...input, name: '  ', email: 'bad' } });
    expect(res.body.data).toBeNull();
    const [error] = res.body.errors;
    expect(error.extensions.code).toBe('BAD_USER_INPUT');
    expect(error.extensions.fields).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'email', message: 'Email must be a valid email address' },
    ]);
  });

  it('rejects unknown fields and unknown inquiry types at the schema', async () => {
    const extra = await gql(mutation, { input: { ...input, phone: '0400' } });
    expect(extra.status).toBe(400);
    expect(extra.body.errors[0].message).toMatch(/phone/);
    const badType = await gql(mutation, { input: { ...input, inquiryType: 'SALES' } });
    expect(badType.status).toBe(400);
    expect(badType.body.errors[0].message).toMatch(/InquiryType/);
  });
});

describe('the endpoint', () => {
  it('serves Apollo Sandbox at GET /graphql for browsers', async () => {
    const res = await request(t.app).get('/graphql').set('Accept', 'text/html').expect(200);
    expect(res.text).toMatch(/sandbox/i);
  });

  it('answers introspection', async () => {
    const res = await gql('{ __schema { queryType { name } } }');
    expect(res.body.data.__schema.queryType.name).toBe('Query');
  });

  it('answers malformed JSON with 400', async () => {
    const res = await request(t.app).post('/graphql').set('Content-Type', 'application/json').send('{"query": ');
    expect(res.status).toBe(400);
  });
});
