import { once } from 'node:events';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FetchError, MemoryKvStore } from '@fedify/fedify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { limitedDocumentLoader, limitedDocumentLoaders, preloadedContexts, REMOTE_DOCUMENT_MAX_BYTES, signedDocumentLoaders } from './remote-documents.js';

/**
 * Remote actors, keys and notes: fetched by the feed ingester's rules, within a size and a time
 * limit; JSON-LD contexts Fedify carries are never fetched.
 */
const actor = { '@context': 'https://www.w3.org/ns/activitystreams', id: 'x', type: 'Person', name: 'Alice' };
let server: Server;
let base: string;
const hung = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/users/alice') return res.writeHead(200, { 'content-type': 'application/activity+json' }).end(JSON.stringify(actor));
    if (req.url === '/users/plain') return res.writeHead(200, { 'content-type': 'application/json', link: '<https://www.w3.org/ns/activitystreams>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"' }).end(JSON.stringify(actor));
    if (req.url === '/users/huge') {
      // Chunked, no length: the cap stops it while it streams.
      res.writeHead(200, { 'content-type': 'application/activity+json' });
      const chunk = Buffer.alloc(64 * 1024, ' ');
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.write('{"name":"');
      return pump();
    }
    if (req.url === '/users/silent') {
      hung.add(res);
      return res.writeHead(200, { 'content-type': 'application/activity+json' }).write('{');
    }
    // A server in "authorised fetch" mode: signed requests only.
    if (req.url === '/users/signed-only') return req.headers.signature ? res.writeHead(200, { 'content-type': 'application/activity+json' }).end(JSON.stringify(actor)) : res.writeHead(401).end();
    if (req.url === '/users/html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Hello');
    res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  vi.unstubAllGlobals();
});
afterAll(async () => {
  for (const res of hung) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const loopback = limitedDocumentLoader({ allowPrivateAddress: true, timeoutMs: 2_000 });

describe('remote documents', () => {
  it('loads an actor as its document, and a plain JSON answer with the context its Link header names', async () => {
    expect(await loopback(`${base}/users/alice`)).toEqual({ contextUrl: null, document: actor, documentUrl: `${base}/users/alice` });
    expect((await loopback(`${base}/users/plain`)).contextUrl).toBe('https://www.w3.org/ns/activitystreams');
  });

  it('stops reading a document past its size limit', async () => {
    const error = await loopback(`${base}/users/huge`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as Error).message).toContain(`larger than ${REMOTE_DOCUMENT_MAX_BYTES} bytes`);
  });

  it('gives up on a server that never finishes its answer', async () => {
    const error = await limitedDocumentLoader({ allowPrivateAddress: true, timeoutMs: 200 })(`${base}/users/silent`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as Error).message).toMatch(/within 200 ms/);
  });

  it('refuses an actor on a private address unless loopback peers are allowed', async () => {
    const error = await limitedDocumentLoader({ allowPrivateAddress: false })(`${base}/users/alice`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as Error).message).toContain('127.0.0.1 is not a public address');
    const metadata = await limitedDocumentLoader({ allowPrivateAddress: false })('http://169.254.169.254/latest/meta-data/').catch((e: unknown) => e);
    expect((metadata as Error).message).toContain('not a public address');
  });

  it('follows the site\'s own setting for private addresses, whatever Fedify passes its loaders', async () => {
    const cached = limitedDocumentLoaders(new MemoryKvStore(), true)({ allowPrivateAddress: false });
    expect((await cached(`${base}/users/alice`)).document).toEqual(actor);
    const { privateKey } = await crypto.subtle.generateKey({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['sign', 'verify']);
    const signed = signedDocumentLoaders(true)({ keyId: new URL('https://news.example.au/ap/actors/news#main-key'), privateKey }, { allowPrivateAddress: false });
    expect((await signed(`${base}/users/signed-only`)).document).toEqual(actor);
    await expect(cached(`${base}/users/signed-only`)).rejects.toThrow('answered HTTP 401');
    const strict = limitedDocumentLoaders(new MemoryKvStore(), false)({ allowPrivateAddress: true });
    await expect(strict(`${base}/users/alice`)).rejects.toThrow('not a public address');
  });

  it('refuses an answer that is not JSON', async () => {
    await expect(loopback(`${base}/users/html`)).rejects.toThrow('did not answer JSON');
  });

  it('answers the contexts Fedify carries without any fetch', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new Error('no fetch expected')));
    const load = limitedDocumentLoader({ allowPrivateAddress: false });
    for (const url of preloadedContexts()) {
      const loaded = await load(url);
      expect(loaded.documentUrl, url).toBe(url);
      expect(loaded.document, url).toHaveProperty('@context');
    }
  });
});
