import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The newsroom's GraphQL mutations and queries (decision 019): roles, validation naming every
 * field (BAD_USER_INPUT), scheduling, revisions, the ticker, partners and editor tokens.
 */
const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
let t: TestApp;
let editorToken: string;
let revokedToken: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN });
  const editors = createServices(t.db.orm.em.fork()).editors;
  editorToken = (await editors.createToken({ name: 'Alex Nguyen' })).token;
  revokedToken = (await editors.createToken({ name: 'Former Editor' })).token;
  await editors.revokeToken('Former Editor');
}, 120_000);
afterAll(async () => {
  await t.close();
});

interface GqlError {
  message: string;
  extensions: { code: string; fields?: { field: string; message: string }[] };
}

async function gql(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const req = request(t.app).post('/graphql');
  const res = await (token ? req.set('Authorization', `Bearer ${token}`) : req).send({ query, variables });
  // The shape of each answer is what the assertions check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.body as { data: Record<string, any> | null; errors?: GqlError[] };
}

const story = (overrides: Record<string, unknown> = {}) => ({
  title: 'Perth lab trains a weather model',
  excerpt: 'The model forecasts bushfire weather a week out.',
  content: 'A Perth lab trained a weather model on forty years of data. Agencies will trial it.',
  category: 'artificial-intelligence',
  author: 'Alex Nguyen',
  ...overrides,
});

const CREATE = `mutation Create($input: ArticleInput!) {
  createArticle(input: $input) { id slug title status state publishedAt sourceUrl category { slug } }
}`;
const UPDATE = `mutation Update($id: ID!, $input: ArticleInput!) { updateArticle(id: $id, input: $input) { id title status state } }`;
const UNPUBLISH = `mutation Unpublish($id: ID!) { unpublishArticle(id: $id) { id status state } }`;
const DELETE = `mutation Delete($id: ID!) { deleteArticle(id: $id) }`;
const REVISIONS = `query Revisions($id: ID!) {
  articleRevisions(articleId: $id) { nodes { action editor changes { field from to } createdAt } pageInfo { hasNextPage } }
}`;
const READER = `query Reader($id: ID!) { article(id: $id) { id title } }`;

async function created(overrides: Record<string, unknown> = {}, token = editorToken) {
  const res = await gql(CREATE, { input: story(overrides) }, token);
  expect(res.errors).toBeUndefined();
  return res.data!.createArticle as { id: string; slug: string; title: string; status: string; state: string; publishedAt: string };
}

describe('roles', () => {
  const operations: [name: string, query: string, variables: Record<string, unknown>][] = [
    ['createArticle', CREATE, { input: story() }],
    ['updateArticle', UPDATE, { id: '1', input: { title: 'x' } }],
    ['unpublishArticle', UNPUBLISH, { id: '1' }],
    ['deleteArticle', DELETE, { id: '1' }],
    ['articleRevisions', REVISIONS, { id: '1' }],
    ['editorArticles', '{ editorArticles { nodes { id } } }', {}],
    ['editorArticle', '{ editorArticle(id: 1) { id } }', {}],
    ['createBreakingNews', 'mutation { createBreakingNews(input: { title: "x" }) { id } }', {}],
    ['updateBreakingNews', 'mutation { updateBreakingNews(id: 1, input: { title: "x" }) { id } }', {}],
    ['reorderBreakingNews', 'mutation { reorderBreakingNews(ids: [1]) { id } }', {}],
    ['deleteBreakingNews', 'mutation { deleteBreakingNews(id: 1) }', {}],
    ['editorBreakingNews', '{ editorBreakingNews { id } }', {}],
    ['createPartner', 'mutation { createPartner(input: { name: "x" }) { id } }', {}],
    ['updatePartner', 'mutation { updatePartner(id: 1, input: { enabled: false }) { id } }', {}],
    ['editorPartners', '{ editorPartners { id } }', {}],
    ['editorTokens', '{ editorTokens { name } }', {}],
    ['createEditorToken', 'mutation { createEditorToken(input: { name: "x" }) { token } }', {}],
    ['revokeEditorToken', 'mutation { revokeEditorToken(name: "x") { name } }', {}],
  ];

  it.each(operations)('%s answers UNAUTHENTICATED without a token, with a wrong one and with a revoked one', async (_name, query, variables) => {
    for (const token of [undefined, 'wrong-token-0123456789abcdef', revokedToken]) {
      const res = await gql(query, variables, token);
      expect(res.data).toBeNull();
      expect(res.errors?.[0].extensions.code, String(token)).toBe('UNAUTHENTICATED');
    }
  });

  it.each([
    ['editorTokens', '{ editorTokens { name } }'],
    ['createEditorToken', 'mutation { createEditorToken(input: { name: "Someone" }) { token } }'],
    ['revokeEditorToken', 'mutation { revokeEditorToken(name: "Alex Nguyen") { name } }'],
    ['inquiries', '{ inquiries { nodes { id } } }'],
  ])('%s answers FORBIDDEN to the editor role', async (_name, query) => {
    const res = await gql(query, {}, editorToken);
    expect(res.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(res.errors?.[0].message).toMatch(/admin role/);
  });
});

describe('articles', () => {
  it('createArticle publishes now; readers get it; the revision names the editor', async () => {
    const article = await created();
    expect(article).toMatchObject({ title: story().title, status: 'PUBLISHED', state: 'LIVE', slug: 'perth-lab-trains-a-weather-model' });
    expect((await gql(READER, { id: article.id })).data!.article).toEqual({ id: article.id, title: story().title });
    const revisions = (await gql(REVISIONS, { id: article.id }, ADMIN_TOKEN)).data!.articleRevisions;
    expect(revisions.nodes).toHaveLength(1);
    expect(revisions.nodes[0]).toMatchObject({ action: 'CREATE', editor: 'Alex Nguyen' });
    expect(revisions.nodes[0].changes).toContainEqual({ field: 'isBreaking', from: null, to: 'false' });
    expect(revisions.nodes[0].changes).toContainEqual({ field: 'category', from: null, to: 'artificial-intelligence' });
  });

  it('createArticle names every offending field in BAD_USER_INPUT', async () => {
    const res = await gql(CREATE, { input: { title: '', category: 'gardening', sourceUrl: 'javascript:alert(1)' } }, editorToken);
    expect(res.data).toBeNull();
    const [error] = res.errors!;
    expect(error.extensions.code).toBe('BAD_USER_INPUT');
    expect(error.extensions.fields!.map((f) => f.field).sort()).toEqual(['author', 'category', 'content', 'excerpt', 'sourceUrl', 'title']);
    expect(error.message).toMatch(/^Invalid article: /);
  });

  it('createArticle with a date in the future schedules it; with DRAFT keeps it from readers', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await created({ title: 'Scheduled for the hour', publishedAt: at });
    expect(scheduled).toMatchObject({ status: 'PUBLISHED', state: 'SCHEDULED', publishedAt: at });
    expect((await gql(READER, { id: scheduled.id })).data!.article).toBeNull();
    const drafted = await created({ title: 'A quiet draft', status: 'DRAFT' });
    expect(drafted.state).toBe('DRAFT');
    expect((await gql(READER, { id: drafted.id })).data!.article).toBeNull();
    const list = (await gql('{ editorArticles(state: SCHEDULED) { nodes { id state } } }', {}, editorToken)).data!.editorArticles.nodes;
    expect(list).toEqual([{ id: scheduled.id, state: 'SCHEDULED' }]);
    const one = (await gql('query One($id: ID!) { editorArticle(id: $id) { title status } }', { id: drafted.id }, editorToken)).data!.editorArticle;
    expect(one).toEqual({ title: 'A quiet draft', status: 'DRAFT' });
  });

  it('editorArticles(kind:) answers only that kind, an unknown kind is refused before any read', async () => {
    const opinion = await created({ title: 'Why the grid needs batteries', kind: 'OPINION' });
    const list = (await gql('{ editorArticles(kind: OPINION, first: 100) { nodes { id kind } } }', {}, editorToken)).data!.editorArticles.nodes;
    expect(list.map((a: { id: string }) => a.id)).toContain(opinion.id);
    expect(list.every((a: { kind: string }) => a.kind === 'OPINION')).toBe(true);
    const news = (await gql('{ editorArticles(kind: NEWS, first: 100) { nodes { id } } }', {}, editorToken)).data!.editorArticles.nodes;
    expect(news.length).toBeGreaterThan(0);
    expect(news.map((a: { id: string }) => a.id)).not.toContain(opinion.id);
    expect((await gql('{ editorArticles(kind: GOSSIP) { nodes { id } } }', {}, editorToken)).errors![0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('updateArticle changes the fields sent; unpublishArticle takes it from readers; deleteArticle removes it', async () => {
    const article = await created({ title: 'Headline with a typo' });
    const updated = await gql(UPDATE, { id: article.id, input: { title: 'Headline without a typo' } }, ADMIN_TOKEN);
    expect(updated.data!.updateArticle).toMatchObject({ title: 'Headline without a typo', status: 'PUBLISHED' });
    const bad = await gql(UPDATE, { id: article.id, input: { title: null, category: 'nope' } }, editorToken);
    expect(bad.errors![0].extensions.fields!.map((f) => f.field).sort()).toEqual(['category', 'title']);

    expect((await gql(UNPUBLISH, { id: article.id }, editorToken)).data!.unpublishArticle).toMatchObject({ status: 'DRAFT', state: 'DRAFT' });
    expect((await gql(READER, { id: article.id })).data!.article).toBeNull();

    expect((await gql(DELETE, { id: article.id }, editorToken)).data!.deleteArticle).toBe(article.id);
    const gone = await gql('query One($id: ID!) { editorArticle(id: $id) { id } }', { id: article.id }, editorToken);
    expect(gone.errors![0].extensions.code).toBe('NOT_FOUND');
    const revisions = (await gql(REVISIONS, { id: article.id }, editorToken)).data!.articleRevisions.nodes;
    expect(revisions.map((r: { action: string; editor: string }) => [r.action, r.editor])).toEqual([
      ['DELETE', 'Alex Nguyen'],
      ['UNPUBLISH', 'Alex Nguyen'],
      ['UPDATE', 'owner'],
      ['CREATE', 'Alex Nguyen'],
    ]);
    expect(revisions[2].changes).toEqual([{ field: 'title', from: 'Headline with a typo', to: 'Headline without a typo' }]);
  });

  it('answers NOT_FOUND and BAD_USER_INPUT for unknown and malformed ids', async () => {
    expect((await gql(UPDATE, { id: '999999', input: { title: 'x' } }, editorToken)).errors![0].extensions.code).toBe('NOT_FOUND');
    expect((await gql(DELETE, { id: 'abc' }, editorToken)).errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'id' }] });
    expect((await gql(REVISIONS, { id: '999999' }, editorToken)).errors![0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('breaking news and partners', () => {
  it('creates, links, reorders, expires and deletes ticker items; the public ticker links the article', async () => {
    const article = await created({ title: 'Ticker target' });
    const res = await gql(
      'mutation Add($input: BreakingNewsInput!) { createBreakingNews(input: $input) { id title articleId active position } }',
      { input: { title: 'Flash: ticker target', articleId: article.id } },
      editorToken,
    );
    const item = res.data!.createBreakingNews;
    expect(item).toMatchObject({ title: 'Flash: ticker target', articleId: article.id, active: true });
    const publicTicker = async () => (await gql('{ breakingNews { id title article { id title } } }')).data!.breakingNews as { id: string; article: { id: string } | null }[];
    expect((await publicTicker()).at(-1)).toEqual({ id: item.id, title: 'Flash: ticker target', article: { id: article.id, title: 'Ticker target' } });

    const order = await gql('mutation Order($ids: [ID!]!) { reorderBreakingNews(ids: $ids) { id position } }', { ids: [item.id] }, editorToken);
    expect(order.data!.reorderBreakingNews[0].id).toBe(item.id);
    expect((await publicTicker())[0].id).toBe(item.id);

    const expired = await gql(
      'mutation Expire($id: ID!, $at: DateTimeISO) { updateBreakingNews(id: $id, input: { expiresAt: $at }) { active expiresAt } }',
      { id: item.id, at: new Date(Date.now() - 1_000).toISOString() },
      editorToken,
    );
    expect(expired.data!.updateBreakingNews.active).toBe(false);
    expect((await publicTicker()).map((i) => i.id)).not.toContain(item.id);
    expect((await gql('{ editorBreakingNews { id active } }', {}, editorToken)).data!.editorBreakingNews).toContainEqual({ id: item.id, active: false });

    expect((await gql('mutation Del($id: ID!) { deleteBreakingNews(id: $id) }', { id: item.id }, editorToken)).data!.deleteBreakingNews).toBe(item.id);
    const bad = await gql('mutation { createBreakingNews(input: { title: "", articleId: 999999 }) { id } }', {}, editorToken);
    expect(bad.errors![0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.errors![0].extensions.fields!.map((f) => f.field)).toEqual(['title']);
  });

  it('creates, moves and disables partners', async () => {
    const input = {
      name: 'Quokka VPN',
      description: 'A private network for Australian travellers.',
      offer: 'Three months free',
      cta: 'Get Quokka',
      affiliateUrl: 'https://example.org/partners/quokka',
      icon: 'VpnLock',
      placement: 'PROMOTION',
    };
    const res = await gql('mutation Add($input: PartnerInput!) { createPartner(input: $input) { id slug enabled placement } }', { input }, editorToken);
    const partner = res.data!.createPartner;
    expect(partner).toMatchObject({ slug: 'quokka-vpn', enabled: true, placement: 'PROMOTION' });
    const promoted = async () => (await gql('{ partners(placement: PROMOTION) { slug } }')).data!.partners.map((p: { slug: string }) => p.slug);
    expect(await promoted()).toContain('quokka-vpn');
    await gql('mutation Off($id: ID!) { updatePartner(id: $id, input: { enabled: false }) { enabled } }', { id: partner.id }, editorToken);
    expect(await promoted()).not.toContain('quokka-vpn');
    expect((await gql('{ editorPartners { slug enabled } }', {}, editorToken)).data!.editorPartners).toContainEqual({ slug: 'quokka-vpn', enabled: false });
    const bad = await gql('mutation Add($input: PartnerInput!) { createPartner(input: $input) { id } }', { input: { ...input, affiliateUrl: 'javascript:x' } }, editorToken);
    expect(bad.errors![0].extensions.fields).toEqual([{ field: 'affiliateUrl', message: 'Affiliate URL must be an http:// or https:// address' }]);
  });
});

describe('editor tokens', () => {
  it('are created once-shown by the admin role, listed without their secret, and revoked', async () => {
    const createdToken = await gql(
      'mutation New($input: EditorTokenInput!) { createEditorToken(input: $input) { name role token } }',
      { input: { name: 'Night Editor', role: 'EDITOR' } },
      ADMIN_TOKEN,
    );
    const { token, ...rest } = createdToken.data!.createEditorToken;
    expect(rest).toEqual({ name: 'Night Editor', role: 'EDITOR' });
    expect((await gql('{ editorArticles(first: 1) { nodes { id } } }', {}, token)).errors).toBeUndefined();

    const list = (await gql('{ editorTokens { name role revokedAt } }', {}, ADMIN_TOKEN)).data!.editorTokens;
    expect(list).toContainEqual({ name: 'Night Editor', role: 'EDITOR', revokedAt: null });
    const duplicate = await gql('mutation { createEditorToken(input: { name: "night editor" }) { token } }', {}, ADMIN_TOKEN);
    expect(duplicate.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'name' }] });

    const revoked = await gql('mutation { revokeEditorToken(name: "Night Editor") { name revokedAt } }', {}, ADMIN_TOKEN);
    expect(revoked.data!.revokeEditorToken.revokedAt).not.toBeNull();
    expect((await gql('{ editorArticles(first: 1) { nodes { id } } }', {}, token)).errors![0].extensions.code).toBe('UNAUTHENTICATED');
    const again = await gql('mutation { revokeEditorToken(name: "Night Editor") { name } }', {}, ADMIN_TOKEN);
    expect(again.errors![0].extensions.code).toBe('NOT_FOUND');
  });
});
