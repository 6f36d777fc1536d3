import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import express, { type Express, type Request } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRequestContext, type RequestContext } from '../../../schema/src/index.js';
import { createTestDatabase, testArticles, type TestDatabase } from '../../../schema/src/testing.js';
import { loadConfig } from '../config/config.js';
import { errorHandler } from '../middleware/error-handler.js';
import { discoveryRoutes } from './discovery.routes.js';

/**
 * Article sitemaps split by id range and streamed. Sitemaps of 1,000 URLs (instead of 50,000) read
 * in batches of 300, over the test articles and 2,500 synthetic ones: three files.
 */
const SITE = 'https://news.example.au';
const PER_FILE = 1_000;
const BATCH = 300;
const SYNTHETIC = 2_500;

let db: TestDatabase;
let app: Express;
let total: number;
/** Calls of linksByIdRange: (after, through). */
let batches: Array<[number, number]>;
/** Each call's answer, as its caller awaits it. */
let reads: Promise<unknown>[];
/** When set, a batch call waits for it before reading. */
let gate: ((call: number) => Promise<void>) | undefined;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.orm.em.getConnection().execute(
    `insert into article (slug, title, excerpt, content, category_id, author, published_at, image_url, is_breaking, created_at, updated_at)
     select 'split-' || g, 'Split & <sample> ' || g, 'e', 'c', (select min(id) from category), 'T', now() - make_interval(days => 10 + g),
       '/media/covers/split-' || g, false, now(), now()
     from generate_series(1, ${SYNTHETIC}) as g`,
  );
  // A stored image URL that is not one of the site's covers: it must still resolve on the site.
  await db.orm.em.getConnection().execute(
    `insert into article (slug, title, excerpt, content, category_id, author, published_at, image_url, is_breaking, created_at, updated_at)
     select 'split-odd-image', 'Odd image', 'e', 'c', (select min(id) from category), 'T', now() - interval '30 days', '//evil.example/x.png', false, now(), now()`,
  );
  total = testArticles.length + SYNTHETIC + 1;
  const contexts = new WeakMap<Request, RequestContext>();
  const contextFor = (req: Request) => {
    let context = contexts.get(req);
    if (!context) {
      context = createRequestContext(db.orm.em.fork());
      const articles = context.services.articles;
      const read = articles.linksByIdRange.bind(articles);
      articles.linksByIdRange = (after, through, limit) => {
        batches.push([after, through]);
        const call = batches.length;
        const reading = (async () => {
          await gate?.(call);
          return read(after, through, limit);
        })();
        reads.push(reading);
        return reading;
      };
      contexts.set(req, context);
    }
    return context;
  };
  const config = loadConfig({ NODE_ENV: 'test', SITE_URL: SITE });
  app = express()
    .use(discoveryRoutes(config, contextFor, { articlesPerSitemap: PER_FILE, sitemapBatchSize: BATCH }))
    .use(errorHandler({ exposeInternals: true }));
}, 120_000);
afterAll(async () => {
  await db.close();
});
beforeEach(() => {
  batches = [];
  reads = [];
  gate = undefined;
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
const articleIds = (xml: string) => locs(xml).filter((u) => u.includes('/articles/')).map((u) => Number(u.split('/').pop()));

describe('article sitemaps at any size', () => {
  it('the index lists one article sitemap per id range, each with its lastmod', async () => {
    const res = await request(app).get('/sitemap.xml').expect(200);
    expect(locs(res.text)).toEqual(
      ['pages', 'categories', 'authors', 'articles', 'articles-2', 'articles-3', 'news'].map((n) => `${SITE}/sitemaps/${n}.xml`),
    );
    expect([...res.text.matchAll(/<lastmod>\d{4}-\d{2}-\d{2}/g)]).toHaveLength(7);
  });

  it('each file lists its id range only, at most the size of a file, and together every article once', async () => {
    const files = ['/sitemaps/articles.xml', '/sitemaps/articles-2.xml', '/sitemaps/articles-3.xml'];
    const ids: number[][] = [];
    for (const [i, file] of files.entries()) {
      const res = await request(app).get(file).expect(200).expect('Content-Type', /xml/);
      expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><urlset /);
      expect(res.text.endsWith('</urlset>')).toBe(true);
      const inFile = articleIds(res.text);
      expect(inFile.length).toBeLessThanOrEqual(PER_FILE);
      expect(inFile.every((id) => id > i * PER_FILE && id <= (i + 1) * PER_FILE)).toBe(true);
      ids.push(inFile);
    }
    const all = ids.flat();
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    expect(ids[1]).toHaveLength(PER_FILE);
  });

  it('reads a file in keyset batches over its id range', async () => {
    await request(app).get('/sitemaps/articles-2.xml').expect(200);
    // 1,000 ids in batches of 300: 300, 300, 300, 100 (short, so the last).
    expect(batches).toHaveLength(4);
    expect(batches[0][0]).toBe(1_000);
    expect(batches.every(([after], i) => i === 0 || after > batches[i - 1][0])).toBe(true);
    expect(batches.every(([, through]) => through === 2_000)).toBe(true);
  });

  it('answers HEAD after one batch, without walking the range', async () => {
    await request(app).head('/sitemaps/articles-2.xml').expect(200).expect('Content-Type', /xml/);
    expect(batches).toHaveLength(1);
  });

  it('writes titles as XML text and image URLs absolute', async () => {
    const res = await request(app).get('/sitemaps/articles-3.xml').expect(200);
    expect(res.text).toContain('<image:title>Split &amp; &lt;sample&gt; ');
    expect(res.text).toContain(`<image:loc>${SITE}/media/covers/split-`);
    const images = [...res.text.matchAll(/<image:loc>([^<]+)<\/image:loc>/g)].map((m) => m[1]);
    expect(images.every((url) => url.startsWith(`${SITE}/`))).toBe(true);
    expect(images.some((url) => url.includes('evil.example/x.png'))).toBe(true);
  });

  it('answers 404 for a file past the last range and for names it does not use', async () => {
    await request(app).get('/sitemaps/articles-4.xml').expect(404);
    await request(app).get('/sitemaps/articles-1.xml').expect(404);
    await request(app).get('/sitemaps/articles-0.xml').expect(404);
  });

  it('streams, and stops reading as soon as the client has gone', async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      let disconnected!: () => void;
      const gone = new Promise<void>((resolve) => {
        disconnected = resolve;
      });
      // The second batch is read only after the client, having received the first, has left.
      gate = async (call) => {
        if (call === 2) await gone;
      };
      const { port } = server.address() as AddressInfo;
      const closedOnServer = new Promise<void>((resolve) => server.once('connection', (socket: Socket) => socket.once('close', () => resolve())));
      const received = await new Promise<string>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/sitemaps/articles-2.xml' }, (res) => {
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(chunk.toString('utf8'));
          });
        });
        req.on('error', (error) => {
          if (!req.destroyed) reject(error);
        });
      });
      expect(received).toContain('<urlset');
      // The server has seen the socket close (the response's own close runs on that event); then the gated read goes on.
      await closedOnServer;
      disconnected();
      // A loop that had not stopped would ask for the next batch as soon as this one is read.
      await reads[1];
      await new Promise((resolve) => setImmediate(resolve));
      expect(batches).toHaveLength(2);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
