import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createProxyPurger, PROXY_EVERYTHING_KEY, proxyKeys, type ProxyPurger } from './proxy-purges.js';

/** A proxy that records the keys of each PURGE, answering `status()` to each. */
async function fakeProxy(status: () => number): Promise<{ server: Server; url: string; purged: string[]; refused: string[] }> {
  const purged: string[] = [];
  const refused: string[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'PURGE') (status() === 200 ? purged : refused).push(String(req.headers['xkey-purge']));
    res.statusCode = req.method === 'PURGE' ? status() : 405;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, purged, refused };
}

const opened: { server?: Server; purger?: ProxyPurger }[] = [];
afterEach(async () => {
  for (const { server, purger } of opened.splice(0)) {
    purger?.close();
    await new Promise((resolve) => server?.close(resolve));
  }
});

describe('purges for the proxy', () => {
  it('name the answers tagged `all` with every purge, and every object for a purge of `all`', () => {
    expect(proxyKeys(['article:7', 'articles'])).toEqual(['article:7', 'articles', 'all']);
    expect(proxyKeys(['all', 'ticker'])).toEqual([PROXY_EVERYTHING_KEY]);
  });

  it('without Redis: a purge the proxy refused is sent again until it takes it', async () => {
    let up = false;
    const proxy = await fakeProxy(() => (up ? 200 : 503));
    const purger = await createProxyPurger({ urls: [proxy.url], redis: null, logger: pino({ level: 'silent' }), consumer: 'test' });
    opened.push({ server: proxy.server, purger });

    purger.enqueue(['article:42']);
    // Refused while the proxy is down, then asked again: the tags wait.
    await expect.poll(() => proxy.refused.length).toBeGreaterThanOrEqual(2);
    expect(proxy.purged).toEqual([]);
    up = true;
    await expect.poll(() => proxy.purged).toEqual(['article:42 all']);
  });
});
