import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrm, type Orm, REPLICA_CATCH_UP_MS } from '../../../schema/src/index.js';
import { ContactMessage, createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { type App, createApp } from '../app.js';
import { loadConfig } from '../config/config.js';

/**
 * Read replicas (DATABASE_REPLICA_URLS) through MikroORM's replicas: a second PostgreSQL database
 * stands in for the replica. It holds the same rows, except that every title there starts with
 * "Replica: ", so an answer shows which database served it; the ORM's query log names the
 * connection too. Nothing replicates between them, so a write shows up only on the primary.
 * `Date` is frozen for the file: the time reads stay on the primary after a change is measured on it,
 * and the tests move it past that time instead of waiting.
 */

const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
const auth = { Authorization: `Bearer ${ADMIN_TOKEN}` };
let primary: TestDatabase;
let replica: TestDatabase;
let orm: Orm;
let app: App;
const queries: string[] = [];
const plain = (line: string) => line.replace(/\u001b\[[0-9;]*m/g, '');
const connectionsSince = (from: number) => queries.slice(from).map(plain).map((q) => /via (read|write) connection '([^']+)'/.exec(q)?.slice(1).join(' ') ?? 'unlabelled');
let articleId: number;
/** The analytics module's tables: the audience figures. */
const audience = /\b(page_view_daily|visitor_daily|country_daily|referrer_daily|vital_sample)\b/;

beforeAll(async () => {
  primary = await createTestDatabase();
  replica = await createTestDatabase();
  await replica.orm.em.fork().getConnection().execute(`update article set title = 'Replica: ' || title`);
  // Seeding is a content change: reads stay on the primary for a moment after it, which has passed.
  vi.setSystemTime(Date.now() + REPLICA_CATCH_UP_MS);
  if (primary.target.kind !== 'postgres' || replica.target.kind !== 'postgres') throw new Error('needs TEST_DATABASE_URL');
  orm = await createOrm(
    { kind: 'postgres', url: primary.target.url, replicaUrls: [replica.target.url] },
    { debug: ['query'], logger: (message: string) => queries.push(message) },
  );
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: 'https://news.example.au', ADMIN_TOKEN, RESPONSE_CACHE_TTL_SECONDS: '0' });
  app = await createApp({ config, orm, logger: pino({ level: 'silent' }) });
  const [latest] = (await request(app.app).get('/api/articles?limit=1').expect(200)).body;
  articleId = latest.id;
}, 120_000);

afterAll(async () => {
  vi.useRealTimers();
  await app?.close();
  await orm?.close(true);
  await replica?.close();
  await primary?.close();
});

describe('read replicas', () => {
  it('serves anonymous REST and GraphQL reads from the replica', async () => {
    const from = queries.length;
    const rest = await request(app.app).get(`/api/articles/${articleId}`).expect(200);
    expect(rest.body.title).toMatch(/^Replica: /);
    const gql = await request(app.app).post('/graphql').send({ query: `{ article(id: "${articleId}") { title } categories { slug } }` }).expect(200);
    expect(gql.body.data.article.title).toMatch(/^Replica: /);
    const used = connectionsSince(from);
    expect(used.length).toBeGreaterThan(0);
    expect(used.every((c) => c === 'read replica-1'), used.join(', ')).toBe(true);
  });

  it("sends every reader read to the replica: lists, related, counts, search and its suggestion, feeds, sitemaps, the ticker, the domain figures and audience, a cover's check", async () => {
    const from = queries.length;
    const [article] = (await request(app.app).get(`/api/articles?limit=1`).expect(200)).body;
    const category = article.categorySlug as string;
    // Only the replica's titles have the word "replica".
    const search = await request(app.app).get('/api/search?q=replica').expect(200);
    expect(JSON.stringify(search.body)).toMatch(/Replica: /);
    await request(app.app).get('/api/search?q=replicca').expect(200);
    const gql = await request(app.app)
      .post('/graphql')
      .send({ query: `{ article(id: "${articleId}") { related { title } } breakingNews { title article { title } } search(query: "replica") { totalCount } }` })
      .expect(200);
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.article.related.every((r: { title: string }) => r.title.startsWith('Replica: '))).toBe(true);
    const sitemapIndex = await request(app.app).get('/sitemap.xml').expect(200);
    const articleSitemap = /<loc>[^<]*(\/sitemaps\/articles[^<]*\.xml)<\/loc>/.exec(sitemapIndex.text)?.[1];
    expect(articleSitemap).toBeDefined();
    for (const path of ['/sitemaps/pages.xml', '/sitemaps/categories.xml', '/sitemaps/news.xml', articleSitemap!, '/rss.xml', `/categories/${category}/rss.xml`]) {
      await request(app.app).get(path).expect(200);
    }
    expect((await request(app.app).get('/rss.xml').expect(200)).text).toMatch(/Replica: /);
    await request(app.app).get('/domain/report.pdf').expect(200);
    await request(app.app).get(article.imageUrl).expect(200);
    const reads = queries.slice(from).map(plain);
    const off = reads.filter((q) => !q.includes(`via read connection 'replica-1'`));
    expect(reads.length).toBeGreaterThan(10);
    // The report's audience (views, visitors, vitals by month) is among them.
    expect(reads.filter((q) => audience.test(q)).length).toBeGreaterThanOrEqual(5);
    expect(off, off.join('\n')).toEqual([]);
  });

  it("reads the owner's dashboard figures from the replica: past days' counts need no read-your-own-writes", async () => {
    const from = queries.length;
    await request(app.app).get('/api/admin/analytics?days=30').set(auth).expect(200);
    const reads = queries.slice(from).map(plain).filter((q) => audience.test(q) && !/\b(insert|update|delete)\b/i.test(q));
    const off = reads.filter((q) => !q.includes(`via read connection 'replica-1'`));
    expect(reads.length).toBeGreaterThanOrEqual(6);
    expect(off, off.join('\n')).toEqual([]);
    // The newsletter's counts come with them, from the replica too.
    const newsletter = queries.slice(from).map(plain).filter((q) => /\bnewsletter_subscriber\b/.test(q));
    expect(newsletter.length).toBeGreaterThanOrEqual(1);
    expect(newsletter.filter((q) => !q.includes(`via read connection 'replica-1'`))).toEqual([]);
  });

  it('serves the newsroom and the owner from the primary', async () => {
    const from = queries.length;
    const editor = await request(app.app).get(`/api/admin/articles/${articleId}`).set(auth).expect(200);
    expect(editor.body.title).not.toMatch(/^Replica: /);
    await request(app.app).get('/api/admin/inquiries').set(auth).expect(200);
    const used = connectionsSince(from);
    expect(used.length).toBeGreaterThan(0);
    expect(used.some((c) => c.startsWith('read')), used.join(', ')).toBe(false);
  });

  it('writes inquiries to the primary, and finds a retried one there (read-your-own-writes)', async () => {
    const before = await replica.orm.em.fork().count(ContactMessage, {});
    const storedBefore = await primary.orm.em.fork().count(ContactMessage, {});
    const message = { name: 'Alex Nguyen', email: 'alex@example.com.au', subject: 'Domain', message: 'What is the asking price?', inquiryType: 'domain' };
    const first = await request(app.app).post('/api/contact').set('Idempotency-Key', 'replica-test-key-1').send(message).expect(201);
    const retry = await request(app.app).post('/api/contact').set('Idempotency-Key', 'replica-test-key-1').send(message).expect(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.reference).toBe(first.body.reference);
    expect(await primary.orm.em.fork().count(ContactMessage, {})).toBe(storedBefore + 1);
    expect(await replica.orm.em.fork().count(ContactMessage, {})).toBe(before);
  });

  it('reads a publish back from the primary until the replicas have had time to catch up', async () => {
    const title = 'Published on the primary only';
    const patch = await request(app.app).patch(`/api/admin/articles/${articleId}`).set(auth).send({ title }).expect(200);
    expect(patch.body.title).toBe(title);
    // Right after the change every read goes to the primary: a page rendered now is not stale.
    const from = queries.length;
    expect((await request(app.app).get(`/api/articles/${articleId}`).expect(200)).body.title).toBe(title);
    expect(connectionsSince(from).some((c) => c.startsWith('read'))).toBe(false);
    // Once the replicas have had that time, reads return to the replica (which, here, never receives the change).
    vi.setSystemTime(Date.now() + REPLICA_CATCH_UP_MS);
    expect((await request(app.app).get(`/api/articles/${articleId}`).expect(200)).body.title).toMatch(/^Replica: /);
  });
});
