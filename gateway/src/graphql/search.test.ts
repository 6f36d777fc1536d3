import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSearchFixtures } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await insertSearchFixtures(t.db.orm.em, [
    { key: 'gql-title', title: 'Optimising Snargle pipelines', category: 'cloud-computing', hoursAgo: 20 },
    { key: 'gql-body', title: 'Weekly notes', content: 'Teams optimized snargle jobs <em>again</em>.', category: 'edtech', hoursAgo: 1 },
    ...Array.from({ length: 5 }, (_, i) => ({ key: `gql-page-${i}`, title: `Wuzzleton brief ${i}`, hoursAgo: 2 + i })),
  ]);
});
afterAll(async () => {
  await t.close();
});

const SEARCH = `query Search($query: String!, $first: Int, $after: String, $category: String) {
  search(query: $query, first: $first, after: $after, category: $category) {
    totalCount
    capped
    suggestion
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor snippet node { id title category { slug } related(first: 1) { id } } }
  }
}`;

async function search(variables: Record<string, unknown>) {
  const res = await request(t.app).post('/graphql').send({ query: SEARCH, variables });
  expect(res.status).toBeLessThan(500);
  return res.body as {
    data?: { search: { totalCount: number; capped: boolean; suggestion: string | null; pageInfo: Record<string, unknown>; edges: { cursor: string; snippet: string; node: { id: string } }[] } };
    errors?: { message: string; extensions: { code: string; fields?: { field: string }[] } }[];
  };
}

describe('search', () => {
  it('answers a connection of articles with snippets, most relevant first, spellings matched both ways', async () => {
    for (const query of ['optimise snargle', 'optimize snargle']) {
      const { data, errors } = await search({ query });
      expect(errors).toBeUndefined();
      expect(data!.search).toMatchObject({ totalCount: 2, capped: false, suggestion: null });
      expect(data!.search.edges.map((e) => Number(e.node.id))).toEqual([ids['gql-title'], ids['gql-body']]);
      expect(data!.search.edges[1].snippet).toContain('Teams <mark>optimized</mark> <mark>snargle</mark> jobs &lt;em&gt;again');
    }
  });

  it('pages with first and after', async () => {
    const first = (await search({ query: 'wuzzleton', first: 2 })).data!.search;
    expect(first.totalCount).toBe(5);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false, endCursor: first.edges[1].cursor });
    const seen = first.edges.map((e) => e.node.id);
    let after = first.pageInfo.endCursor as string | null;
    while (after) {
      const page = (await search({ query: 'wuzzleton', first: 2, after })).data!.search;
      expect(page.pageInfo.hasPreviousPage).toBe(true);
      seen.push(...page.edges.map((e) => e.node.id));
      after = page.pageInfo.hasNextPage ? (page.pageInfo.endCursor as string) : null;
    }
    expect(new Set(seen).size).toBe(5);
  });

  it('filters by category and offers "Did you mean" when nothing matches', async () => {
    expect((await search({ query: 'snargle', category: 'edtech' })).data!.search.edges.map((e) => Number(e.node.id))).toEqual([ids['gql-body']]);
    const { data } = await search({ query: 'snargel' });
    expect(data!.search).toMatchObject({ totalCount: 0, suggestion: 'snargle', edges: [] });
  });

  it.each([
    [{ query: '   ' }, 'BAD_USER_INPUT', 'query'],
    [{ query: 'x'.repeat(201) }, 'BAD_USER_INPUT', 'query'],
    [{ query: 'snargle', first: 0 }, 'BAD_USER_INPUT', 'first'],
    [{ query: 'snargle', after: 'nope!' }, 'BAD_USER_INPUT', 'after'],
    [{ query: 'snargle', category: 'gardening' }, 'NOT_FOUND', undefined],
  ])('refuses %j with %s', async (variables, code, field) => {
    const { data, errors } = await search(variables);
    expect(data).toBeNull();
    expect(errors![0].extensions.code).toBe(code);
    if (field) expect(errors![0].extensions.fields).toEqual([expect.objectContaining({ field })]);
  });

  it('searches any characters as text, never an internal error', async () => {
    for (const query of ['"', '&|!:*', '\\', '\u0000', '😀', '\uD800', '\uDC00', '-', '"a', "'; --", '<->', 'snargle\u0000!']) {
      const { errors } = await search({ query });
      for (const error of errors ?? []) expect(error.extensions.code, JSON.stringify(query)).not.toBe('INTERNAL_SERVER_ERROR');
    }
  });
});
