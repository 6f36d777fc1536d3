import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, onContentChange, SCHEDULED_TAGS } from '../../../schema/src/index.js';
import { loadConfig } from '../config/config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createWeb } from './web.js';

/**
 * Everything derived follows a newsroom write at once, with the response cache
 * on. A story published with one request is on the home page, its category page (and count), the
 * feeds, the sitemaps, search and the reader API straight away; retracted, it is gone from all of
 * them and its page answers 404. A scheduled story appears when the site's clock reaches its time,
 * an expiring ticker headline leaves at its time, both past pages the cache had kept.
 */
const SITE = 'https://news.example.au';
const ADMIN_TOKEN = 'owner-token-0123456789abcdef';
const CATEGORY = 'space-economy';
let t: TestApp;
let token: string;
/** The site's clock: it moves only when a test moves it, so no test waits for a time to come. */
let now = new Date();

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: SITE });
  t = await createTestApp({ ADMIN_TOKEN }, { web: (contextFor) => createWeb({ config, contextFor, mode: 'source' }), clock: () => now });
  token = (await createServices(t.db.orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' })).token;
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** Reader-facing answers that would show a new story, with how to find it in each. */
const views = (word: string) =>
  [
    '/',
    `/categories/${CATEGORY}`,
    '/rss.xml',
    `/categories/${CATEGORY}/rss.xml`,
    '/sitemaps/articles.xml',
    '/sitemaps/news.xml',
    `/search?q=${word}`,
    '/api/articles',
    `/api/categories/${CATEGORY}/articles`,
    `/api/search?q=${word}`,
  ] as const;

/** Until the cache serves it: pages are stored after compression, a moment after the answer. */
async function warm(path: string): Promise<void> {
  const first = await request(t.app).get(path).expect(200);
  // The REST category listing is never stored (no-store); the others are.
  if (!/public/.test(first.headers['cache-control'] ?? '')) return;
  await expect.poll(async () => (await request(t.app).get(path)).headers['x-cache'], { message: path }).toBe('HIT');
}

async function shows(path: string, id: number, title: string): Promise<boolean> {
  const res = await request(t.app).get(path).expect(200);
  return res.text.includes(`/articles/${id}<`) || res.text.includes(`/articles/${id}"`) || res.text.includes(title) || res.text.includes(`"id":${id},`);
}

async function where(word: string, id: number, title: string): Promise<Record<string, boolean>> {
  const found: Record<string, boolean> = {};
  for (const path of views(word)) found[path] = await shows(path, id, title);
  return found;
}

const all = (word: string, value: boolean) => Object.fromEntries(views(word).map((path) => [path, value]));

/**
 * Moves the site's clock to `at` and has the scheduled-content watcher look, as its timer would
 * at that moment; resolves once it has announced the moment (the app's caches heard it first).
 */
async function reachTime(at: Date): Promise<void> {
  const announced = new Promise<void>((resolve) => {
    const stop = onContentChange((_entities, tags) => {
      if (tags !== SCHEDULED_TAGS) return;
      stop();
      resolve();
    });
  });
  now = at;
  await t.schedule.refresh();
  await announced;
}

async function categoryCount(): Promise<number> {
  const res = await request(t.app).get(`/categories/${CATEGORY}`).expect(200);
  return Number(/(\d+) article\(s\) in this category/.exec(res.text)?.[1]);
}

function story(word: string, overrides: Record<string, unknown> = {}) {
  return {
    title: `Launch window opens for ${word} satellite`,
    excerpt: `A small satellite named ${word} waits for its launch window.`,
    content: `The ${word} satellite was built in Adelaide. It will map bushfire scars from orbit.`,
    category: CATEGORY,
    author: 'Alex Nguyen',
    ...overrides,
  };
}

describe('a story published through the API', () => {
  it('is everywhere at once, and once retracted, nowhere, its page 404', async () => {
    const word = 'vendralix';
    const countBefore = await categoryCount();
    for (const path of views(word)) await warm(path);
    await warm('/sitemap.xml');

    const published = await request(t.app).post('/api/admin/articles').set('Authorization', `Bearer ${token}`).send(story(word)).expect(201);
    const { id, title } = published.body as { id: number; title: string };

    expect(await where(word, id, title)).toEqual(all(word, true));
    expect(await categoryCount()).toBe(countBefore + 1);
    const page = await request(t.app).get(`/articles/${id}`).expect(200);
    expect(page.text).toContain(title);
    await request(t.app).get(`/api/articles/${id}`).expect(200);

    // Retracted: warm the caches with it first, so the test proves they drop it.
    for (const path of views(word)) await warm(path);
    await warm(`/articles/${id}`);
    await request(t.app).patch(`/api/admin/articles/${id}`).set('Authorization', `Bearer ${token}`).send({ status: 'draft' }).expect(200);

    expect(await where(word, id, title)).toEqual(all(word, false));
    expect(await categoryCount()).toBe(countBefore);
    const gone = await request(t.app).get(`/articles/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
    await request(t.app).get(`/api/articles/${id}`).expect(404);

    // Published again, then deleted: gone the same way.
    await request(t.app).patch(`/api/admin/articles/${id}`).set('Authorization', `Bearer ${token}`).send({ status: 'published' }).expect(200);
    expect(await shows('/', id, title)).toBe(true);
    await warm(`/articles/${id}`);
    await request(t.app).delete(`/api/admin/articles/${id}`).set('Authorization', `Bearer ${token}`).expect(204);
    expect(await shows('/', id, title)).toBe(false);
    expect((await request(t.app).get(`/articles/${id}`)).status).toBe(404);
  });

  it('scheduled, appears with no write when the clock reaches its time, past the cached pages', async () => {
    const word = 'quessamor';
    const at = new Date(now.getTime() + 3_600_000);
    const scheduled = await request(t.app)
      .post('/api/admin/articles')
      .set('Authorization', `Bearer ${token}`)
      .send(story(word, { publishedAt: at.toISOString() }))
      .expect(201);
    const { id, title } = scheduled.body as { id: number; title: string };
    expect(scheduled.body.state).toBe('scheduled');
    const countBefore = await categoryCount();

    for (const path of views(word)) await warm(path);
    expect(await where(word, id, title)).toEqual(all(word, false));
    expect((await request(t.app).get(`/articles/${id}`)).status).toBe(404);

    // At its time every view has it, with no write in between.
    await reachTime(at);
    // The cache had the pages without it: they were dropped when its time came.
    expect((await request(t.app).get('/')).headers['x-cache']).toBe('MISS');
    expect(await where(word, id, title)).toEqual(all(word, true));
    expect(await categoryCount()).toBe(countBefore + 1);
    await request(t.app).get(`/articles/${id}`).expect(200);
  });
});

describe('the ticker', () => {
  it('shows a new headline at once, linked to its article, and drops it with no write when the clock reaches its expiry', async () => {
    const article = await request(t.app)
      .post('/api/admin/articles')
      .set('Authorization', `Bearer ${token}`)
      .send(story('orbitalis'))
      .expect(201);
    await warm('/');
    await warm('/api/breaking-news');
    const expiresAt = new Date(now.getTime() + 3_600_000);
    const item = await request(t.app)
      .post('/api/admin/breaking-news')
      .set('Authorization', `Bearer ${token}`)
      .send({ title: 'Orbitalis launch confirmed for dawn', articleId: article.body.id, expiresAt: expiresAt.toISOString() })
      .expect(201);
    const home = await request(t.app).get('/').expect(200);
    expect(home.text).toMatch(new RegExp(`<a[^>]*href="/articles/${article.body.id}"[^>]*>Orbitalis launch confirmed for dawn</a>`));
    expect((await request(t.app).get('/api/breaking-news')).body).toContainEqual({ id: item.body.id, title: 'Orbitalis launch confirmed for dawn', articleId: article.body.id });

    await warm('/');
    await reachTime(expiresAt);
    expect((await request(t.app).get('/').expect(200)).text).not.toContain('Orbitalis launch confirmed for dawn');
    expect((await request(t.app).get('/api/breaking-news')).body.map((i: { id: number }) => i.id)).not.toContain(item.body.id);
  });
});
