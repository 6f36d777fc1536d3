import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createPageRefresher, MAX_WAITING, REFRESHED_PER_PURGE } from './page-refresh.js';

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
const closeServer = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('the page refresher', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(closeServer));
  });

  it('asks its own listener for each page as an anonymous reader without a user agent, and resolves once they are answered', async () => {
    const asked: { url: string; headers: IncomingHttpHeaders }[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { server, origin } = await listen((req, res) => {
      asked.push({ url: req.url ?? '', headers: req.headers });
      void held.then(() => res.end('ok'));
    });
    servers.push(server);
    const refresher = createPageRefresher({ budgetMs: 60_000 });
    refresher.serving(`${origin}/`);

    let done = false;
    const refreshed = refresher.refresh(['/', '/categories/cybersecurity']).then(() => (done = true));
    await expect.poll(() => asked.length).toBe(2);
    expect(done).toBe(false);
    release();
    await refreshed;
    expect(asked.map((a) => a.url).sort()).toEqual(['/', '/categories/cybersecurity']);
    for (const { headers } of asked) {
      expect(headers['user-agent']).toBeUndefined();
      expect(headers.cookie).toBeUndefined();
      expect(headers.authorization).toBeUndefined();
    }
    expect(refresher.stats.refreshed).toBe(2);
    refresher.close();
  });

  it('waits for each answer to be stored after its last byte (the other processes look for it in Redis)', async () => {
    const { server, origin } = await listen((_req, res) => res.end('ok'));
    servers.push(server);
    let store!: () => void;
    const stored = new Promise<void>((resolve) => (store = resolve));
    const landedAsked: string[] = [];
    const refresher = createPageRefresher({
      budgetMs: 60_000,
      landed: (url) => {
        landedAsked.push(url);
        return stored;
      },
    });
    refresher.serving(origin);
    let done = false;
    const refreshed = refresher.refresh(['/']).then(() => (done = true));
    await expect.poll(() => landedAsked).toEqual(['/']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    store();
    await refreshed;
    refresher.close();
  });

  it('holds a purge back no longer than its budget: a slow page is left to finish on its own', async () => {
    const { server, origin } = await listen(() => undefined);
    servers.push(server);
    const refresher = createPageRefresher({ budgetMs: 50 });
    refresher.serving(origin);
    // Resolves although the page never answers.
    await refresher.refresh(['/slow']);
    refresher.close();
  });

  it('renders at most REFRESHED_PER_PURGE pages of one purge, and nothing before it knows where it listens', async () => {
    const asked: string[] = [];
    const { server, origin } = await listen((req, res) => {
      asked.push(req.url ?? '');
      res.end();
    });
    servers.push(server);
    const refresher = createPageRefresher({ budgetMs: 60_000 });
    const urls = Array.from({ length: REFRESHED_PER_PURGE + 10 }, (_, i) => `/articles/${i + 1}`);

    await refresher.refresh(urls);
    expect(asked).toEqual([]);

    refresher.serving(origin);
    await refresher.refresh(urls);
    expect(asked.sort()).toEqual(urls.slice(0, REFRESHED_PER_PURGE).sort());
    expect(refresher.stats.skipped).toBe(10);
    refresher.close();
  });

  it('keeps at most MAX_WAITING pages waiting whatever the purges: the rest are refused at once and counted', async () => {
    const asked: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { server, origin } = await listen((req, res) => {
      asked.push(req.url ?? '');
      void held.then(() => res.end());
    });
    servers.push(server);
    const refresher = createPageRefresher({ budgetMs: 60_000 });
    refresher.serving(origin);
    const purges = Array.from({ length: 10 }, (_, purge) => Array.from({ length: REFRESHED_PER_PURGE }, (_, i) => `/search?q=${purge}-${i}`));

    const refreshed = purges.map((urls) => refresher.refresh(urls));
    expect(refresher.stats.skipped).toBe(10 * REFRESHED_PER_PURGE - MAX_WAITING);
    // Two at a time reach the listener while the rest wait.
    await expect.poll(() => asked.length).toBe(2);
    release();
    await Promise.all(refreshed);
    expect(asked).toHaveLength(MAX_WAITING);
    expect(refresher.stats.refreshed).toBe(MAX_WAITING);
    refresher.close();
  });
});

describe('a write in a process with its listener', () => {
  let t: TestApp;
  let server: Server;
  let editor: Record<string, string>;
  const ADMIN_TOKEN = 'refresh-test-owner-token-0123456789';

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN });
    ({ server } = await listen(t.listener));
    t.serving(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const { token } = await createServices(t.db.orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' });
    editor = { Authorization: `Bearer ${token}` };
  }, 120_000);
  afterAll(async () => {
    await closeServer(server);
    await t.close();
  });

  const get = (path: string) => request(server).get(path).expect(200);
  const cacheFigures = async () => (await request(server).get('/api/admin/cache').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200)).body;

  it('renders again the purged pages it held, so the next reader gets the new text as a hit; a page not showing the change is left alone', async () => {
    const [shown, other] = (await get('/api/articles?limit=2')).body as { id: number }[];
    const read = `/api/articles/${shown.id}`;
    const list = '/api/articles?limit=2';
    const untouched = `/api/articles/${other.id}`;
    for (const path of [read, untouched]) {
      await get(path);
      await expect.poll(async () => (await get(path)).headers['x-cache']).toBe('HIT');
    }
    const before = (await cacheFigures()).refreshedAfterPurges.refreshed;

    await request(server).patch(`/api/admin/articles/${shown.id}`).set(editor).send({ title: 'Darwin substation upgrade finished early' }).expect(200);

    // The article and the list showing it, not the other article.
    await expect.poll(async () => (await cacheFigures()).refreshedAfterPurges.refreshed).toBe(before + 2);
    for (const path of [read, list]) {
      const again = await get(path);
      expect(again.headers['x-cache']).toBe('HIT');
      expect(again.text).toContain('Darwin substation upgrade finished early');
    }
    expect((await cacheFigures()).refreshedAfterPurges.refreshed).toBe(before + 2);
  });

  it('shows the owner the cache figures, and no one else', async () => {
    await request(server).get('/api/admin/cache').expect(401);
    await request(server).get('/api/admin/cache?junk=1').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(400);
    const figures = await cacheFigures();
    expect(figures.responses).toEqual(expect.objectContaining({ hits: expect.any(Number), misses: expect.any(Number), entries: expect.any(Number), bytes: expect.any(Number) }));
    expect(figures.refreshedAfterPurges).toEqual({ refreshed: expect.any(Number), failed: 0, skipped: 0 });
  });
});
