import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { brotliWindowBits, COMPRESSION_QUEUE_BYTES, createResponseCache, MAX_CACHED_URL_LENGTH, UNKEPT_MAX_BYTES, type ResponseCacheOptions } from './response-cache.js';

/** An app whose every read is public (or private on /private), each answer a few bytes. */
function appWith(options: ResponseCacheOptions) {
  const cache = createResponseCache(options);
  const app = express();
  // Bodies parsed before the cache, as /graphql's are.
  app.use(express.json());
  app.use(cache.middleware);
  app.get('/private', (_req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ ok: true });
  });
  app.get('/{*splat}', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.json({ ok: true });
  });
  // A GraphQL stand-in: the answer's type follows Accept, as Apollo's does.
  app.all('/graphql', (req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=60');
    const type = req.accepts(['application/json', 'application/graphql-response+json']) || 'application/json';
    res.type(type).send(JSON.stringify({ data: { type } }));
  });
  return { app, cache };
}

/** A URL of exactly `length` characters, unique by `i`. */
const longUrl = (path: string, i: number, length: number) => {
  const head = `${path}?u=${i}&pad=`;
  return head + 'x'.repeat(length - head.length);
};

describe('response cache: memory bounded in bytes, keys included', () => {
  it('counts each key: many unique long URLs keep keys and bodies together under the bound', async () => {
    const maxBytes = 256 * 1024;
    const { app, cache } = appWith({ ttlMs: 60_000, maxBytes, staleMs: 60_000, coalesceWaitMs: 0 });
    const length = MAX_CACHED_URL_LENGTH;
    for (let i = 0; i < 300; i++) {
      await request(app).get(longUrl('/api/breaking-news', i, length)).expect(200);
      // Stale copies kept for an outage count against the same bound (each answer stored before the write).
      if (i === 150) {
        await expect.poll(() => cache.stats.stored).toBe(151);
        cache.invalidate();
      }
    }
    await expect.poll(() => cache.stats.stored).toBe(300);
    const { entries, bytes } = cache.memory();
    expect(bytes).toBeLessThanOrEqual(maxBytes);
    // The URLs alone held by the entries kept fit the bound: an entry costs at least its key.
    expect(entries * length).toBeLessThan(maxBytes);
    expect(bytes / entries).toBeGreaterThan(length);
  });

  it('keeps the compressed copies only, until a client that takes no compression asks: then the uncompressed body is kept and counted', async () => {
    const cache = createResponseCache({ ttlMs: 60_000, maxBytes: 4 * 1024 * 1024, coalesceWaitMs: 0 });
    const app = express();
    app.use(cache.middleware);
    // A page-sized answer that compresses well, as HTML does.
    const page = `<!doctype html><main>${'<p>Rural broadband upgrades reach another 40,000 premises.</p>'.repeat(1_500)}</main>`;
    app.get('/page', (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=60');
      res.type('html').send(page);
    });
    const raw = (encoding: string) => request(app).get('/page').set('Accept-Encoding', encoding).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    await raw('gzip').expect(200);
    await expect.poll(() => cache.stats.stored).toBe(1);
    const compressedOnly = cache.memory().bytes;
    expect(compressedOnly).toBeLessThan(page.length / 4);
    const hit = await raw('identity').expect(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['content-encoding']).toBeUndefined();
    expect(hit.headers['content-length']).toBe(String(Buffer.byteLength(page)));
    expect((hit.body as Buffer).toString('utf8')).toBe(page);
    expect(cache.memory().bytes).toBe(compressedOnly + Buffer.byteLength(page));
    // The next client without compression is served the kept copy: still one entry, same bytes.
    const again = await raw('identity').expect(200);
    expect((again.body as Buffer).toString('utf8')).toBe(page);
    expect(cache.memory().entries).toBe(1);
    const head = await request(app).head('/page').set('Accept-Encoding', 'identity').expect(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(page)));
  });

  it('answers a URL longer than the cap without keeping it', async () => {
    const { app, cache } = appWith({ ttlMs: 60_000, maxBytes: 1024 * 1024 });
    const url = longUrl('/api/breaking-news', 1, MAX_CACHED_URL_LENGTH + 1);
    for (let i = 0; i < 3; i++) {
      const res = await request(app).get(url).expect(200);
      expect(res.headers['x-cache']).toBeUndefined();
    }
    expect(cache.stats.stored).toBe(0);
    expect(cache.memory().entries).toBe(0);
    // One character shorter is kept.
    const kept = longUrl('/api/breaking-news', 1, MAX_CACHED_URL_LENGTH);
    await request(app).get(kept).expect(200);
    await expect.poll(async () => (await request(app).get(kept)).headers['x-cache']).toBe('HIT');
  });

  it('keeps the keys of unkept answers as hashes, bounded in bytes', async () => {
    const { app, cache } = appWith({ ttlMs: 60_000, maxBytes: 1024 * 1024 });
    for (let i = 0; i < 200; i++) await request(app).get(longUrl('/private', i, MAX_CACHED_URL_LENGTH)).expect(200);
    const { unkeptKeys, unkeptBytes } = cache.memory();
    expect(unkeptKeys).toBe(200);
    // A 2 kB URL costs what its 43-character hash does.
    expect(unkeptBytes / unkeptKeys).toBeLessThan(256);
    expect(unkeptBytes).toBeLessThanOrEqual(UNKEPT_MAX_BYTES);
  });

  it('compresses a burst of new answers a few at a time: beyond a queue of bounded bytes, answers are served and not kept', async () => {
    const burst = 20;
    const body = 'x'.repeat(1024 * 1024);
    expect(burst * body.length).toBeGreaterThan(COMPRESSION_QUEUE_BYTES * 2);
    const cache = createResponseCache({ ttlMs: 60_000, maxBytes: 64 * 1024 * 1024, coalesceWaitMs: 0 });
    const app = express();
    app.use(cache.middleware);
    // Every answer ends in the same turn, once all have arrived: their stores all begin together.
    let arrived = 0;
    let release: () => void = () => undefined;
    const allArrived = new Promise<void>((resolve) => (release = resolve));
    app.get('/page/:n', async (_req, res) => {
      if (++arrived === burst) release();
      await allArrived;
      res.setHeader('Cache-Control', 'public, max-age=60');
      res.type('text/plain').send(body);
    });
    const answers = await Promise.all(Array.from({ length: burst }, (_, i) => request(app).get(`/page/${i}`)));
    // Every reader got the whole answer, kept or not.
    expect(answers.every((a) => a.status === 200 && a.text.length === body.length)).toBe(true);
    await expect.poll(() => cache.stats.stored + cache.stats.notKept).toBe(burst);
    expect(cache.stats.notKept).toBeGreaterThan(0);
    expect(cache.stats.stored).toBeGreaterThan(0);
    // A page not kept is kept by its next miss.
    const { notKept } = cache.stats;
    const stored = cache.stats.stored;
    for (let i = 0; i < burst; i++) await request(app).get(`/page/${i}`);
    await expect.poll(() => cache.stats.stored).toBe(stored + notKept);
  });

  it('sizes brotli\'s window to the answer, between its smallest and its default', () => {
    expect(brotliWindowBits(0)).toBe(10);
    expect(brotliWindowBits(40 * 1024)).toBe(16);
    expect(brotliWindowBits(64 * 1024 * 1024)).toBe(22);
  });
});

describe('response cache: GraphQL keys', () => {
  it("never serves an answer of one type to a client that asked for the other (Accept takes part in the key)", async () => {
    const { app } = appWith({ ttlMs: 60_000, maxBytes: 1024 * 1024 });
    const body = { query: '{ breakingNews { id } }' };
    const graphqlResponse = 'application/graphql-response+json';
    const first = await request(app).post('/graphql').set('Accept', graphqlResponse).send(body).expect(200);
    expect(first.headers['content-type']).toMatch(/^application\/graphql-response\+json/);
    await expect.poll(async () => (await request(app).post('/graphql').set('Accept', graphqlResponse).send(body)).headers['x-cache']).toBe('HIT');

    const json = await request(app).post('/graphql').set('Accept', 'application/json').send(body).expect(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['x-cache']).toBe('MISS');
    // Every Accept that gets JSON shares that entry: no Accept at all, or a browser's.
    await expect.poll(async () => (await request(app).post('/graphql').set('Accept', 'application/json').send(body)).headers['x-cache']).toBe('HIT');
    const browser = await request(app).post('/graphql').set('Accept', 'text/html, */*;q=0.8').send(body).expect(200);
    expect(browser.headers['x-cache']).toBe('HIT');
    expect(browser.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers a GraphQL URL with a parameter Apollo does not read without keeping it', async () => {
    const { app, cache } = appWith({ ttlMs: 60_000, maxBytes: 1024 * 1024 });
    const query = encodeURIComponent('{ breakingNews { id } }');
    for (let i = 0; i < 3; i++) {
      const res = await request(app).get(`/graphql?query=${query}&u=${i}`).expect(200);
      expect(res.headers['x-cache']).toBeUndefined();
    }
    expect(cache.stats.stored).toBe(0);
    await request(app).get(`/graphql?query=${query}`).expect(200);
    await expect.poll(async () => (await request(app).get(`/graphql?query=${query}`)).headers['x-cache']).toBe('HIT');
  });
});
