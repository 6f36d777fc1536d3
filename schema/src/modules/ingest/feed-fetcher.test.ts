import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchFeed, isPublicAddress, readFeedFile, readFeedSource } from './feed-fetcher.js';
import { type FeedFetchFailure, FeedFetchError } from './ingest-errors.js';

/**
 * Fetching feeds: a fixture server on loopback (allowed only where a test says so), refusals of
 * private addresses, other schemes and redirects to either, a size cap, a deadline.
 */
const rss = readFileSync(new URL('./fixtures/southern-circuit.rss.xml', import.meta.url));
let server: Server;
let base: string;
let hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const url = req.url ?? '/';
    if (url === '/feed.xml') return res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(rss);
    if (url === '/feed.gz') return res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' }).end(gzipSync(rss));
    if (url === '/latin1') return res.writeHead(200, { 'content-type': 'text/xml; charset=iso-8859-1' }).end(Buffer.from('<rss version="2.0"><channel><title>Café Tech</title></channel></rss>', 'latin1'));
    if (url === '/moved') return res.writeHead(301, { location: '/feed.xml' }).end();
    if (url === '/to-private') return res.writeHead(302, { location: 'http://10.20.30.40/feed.xml' }).end();
    if (url === '/to-metadata') return res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (url === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (url.startsWith('/loop')) return res.writeHead(302, { location: `/loop${url.length}` }).end();
    if (url === '/missing') return res.writeHead(404).end('not here');
    if (url === '/declared-large') return res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) }).end();
    if (url === '/endless') {
      // Chunked, no length: the cap must stop it while it streams.
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const pump = () => {
        while (res.write(chunk)) if (res.writableLength > 1e6) break;
      };
      res.on('drain', pump);
      pump();
      return;
    }
    if (url === '/bomb') return res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(4 * 1024 * 1024)));
    if (url === '/slow') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<rss version="2.0"><channel>');
      return; // never ends
    }
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  hits = [];
});

const loopback = { allowPrivateAddresses: ['127.0.0.1'] } as const;

async function failure(action: Promise<unknown>): Promise<{ reason: FeedFetchFailure; message: string }> {
  const error = await action.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FeedFetchError);
  return { reason: (error as FeedFetchError).reason, message: (error as FeedFetchError).message };
}

describe('addresses', () => {
  it('tells public addresses from loopback, private, link-local, CGNAT, multicast and IPv6 special ranges', () => {
    for (const address of ['1.1.1.1', '203.2.218.214', '2606:4700:4700::1111', '2001:4860:4860::8888']) expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.254',
      '0.0.0.0', '224.0.0.251', '239.255.255.250', '255.255.255.255', '192.0.2.10', '198.18.0.1',
      '::', '::1', 'fd00::1', 'fc12:3456::1', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:a00:1::1', 'not-an-ip',
    ]) expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses the loopback fixture server unless the test allows it, by literal address and by name', async () => {
    expect(await failure(fetchFeed(`${base}/feed.xml`))).toMatchObject({ reason: 'address', message: expect.stringContaining('127.0.0.1 is not a public address') });
    const port = new URL(base).port;
    expect(await failure(fetchFeed(`http://localhost:${port}/feed.xml`))).toMatchObject({ reason: 'address' });
    expect(hits).toEqual([]);
  });

  it('refuses private and special ranges without connecting', async () => {
    for (const url of ['http://10.0.0.1/feed', 'http://192.168.0.10:8080/rss', 'http://169.254.169.254/latest/meta-data/', 'http://100.64.1.1/', 'http://[::1]/feed', 'http://[fd12::1]/feed', 'http://[::ffff:7f00:1]/', 'http://0.0.0.0/']) {
      expect((await failure(fetchFeed(url, { timeoutMs: 1_000 }))).reason, url).toBe('address');
    }
  });
});

describe('schemes', () => {
  it('fetches only http and https, without credentials', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://ftp.example.com.au/feed.xml', 'gopher://example.com.au/', 'data:text/xml,<rss/>', 'javascript:alert(1)']) {
      expect((await failure(readFeedSource(url))).reason, url).toBe('scheme');
    }
    expect((await failure(fetchFeed('https://user:secret@example.com.au/feed'))).reason).toBe('scheme');
  });
});

describe('the loopback fixture server, allowed', () => {
  it('fetches a feed, decompressed and decoded in its declared charset', async () => {
    const plain = await fetchFeed(`${base}/feed.xml`, loopback);
    expect(plain.body).toBe(rss.toString('utf8'));
    expect(plain.baseUrl).toBe(`${base}/feed.xml`);
    expect((await fetchFeed(`${base}/feed.gz`, loopback)).body).toBe(rss.toString('utf8'));
    expect((await fetchFeed(`${base}/latin1`, loopback)).body).toContain('Café Tech');
  });

  it('follows a redirect and reports the final address', async () => {
    const fetched = await fetchFeed(`${base}/moved`, loopback);
    expect(fetched.source).toBe(`${base}/feed.xml`);
    expect(hits).toEqual(['/moved', '/feed.xml']);
  });

  it('re-checks every redirect: to a private address, to cloud metadata, to another scheme', async () => {
    expect(await failure(fetchFeed(`${base}/to-private`, loopback))).toMatchObject({ reason: 'address', message: expect.stringContaining('10.20.30.40') });
    expect((await failure(fetchFeed(`${base}/to-metadata`, loopback))).reason).toBe('address');
    expect((await failure(fetchFeed(`${base}/to-file`, loopback))).reason).toBe('scheme');
  });

  it('stops after too many redirects and names an error status', async () => {
    expect((await failure(fetchFeed(`${base}/loop`, { ...loopback, maxRedirects: 3 }))).reason).toBe('redirects');
    expect(hits).toHaveLength(4);
    expect(await failure(fetchFeed(`${base}/missing`, loopback))).toMatchObject({ reason: 'status', message: expect.stringContaining('HTTP 404') });
  });

  it('stops reading past the size cap: declared, streamed, or decompressed', async () => {
    const maxBytes = 64 * 1024;
    expect(await failure(fetchFeed(`${base}/declared-large`, { ...loopback, maxBytes }))).toMatchObject({ reason: 'too-large', message: `Feed larger than ${maxBytes} bytes: stopped reading` });
    expect((await failure(fetchFeed(`${base}/endless`, { ...loopback, maxBytes }))).reason).toBe('too-large');
    expect((await failure(fetchFeed(`${base}/bomb`, { ...loopback, maxBytes }))).reason).toBe('too-large');
  });

  it('gives up at the deadline when the body never ends', async () => {
    // The body never ends: without the deadline this would hang until the test's own timeout.
    expect((await failure(fetchFeed(`${base}/slow`, { ...loopback, timeoutMs: 300 }))).reason).toBe('timeout');
  });
});

describe('files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'feed-file-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a file, and names a missing one, a directory and one over the cap', async () => {
    const file = path.join(dir, 'feed.xml');
    await writeFile(file, rss);
    expect((await readFeedSource(file)).body).toBe(rss.toString('utf8'));
    expect(await failure(readFeedFile(path.join(dir, 'nope.xml')))).toMatchObject({ reason: 'file', message: `No such file: ${path.join(dir, 'nope.xml')}` });
    expect((await failure(readFeedFile(dir))).reason).toBe('file');
    expect((await failure(readFeedFile(file, { maxBytes: 100 }))).reason).toBe('too-large');
  });
});
