import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoProcessesOnRedis } from '../test/two-processes-on-redis.js';
import { createProxyPurger, type ProxyPurger } from './proxy-purges.js';
import { purgeSharedAnswers } from './shared-tier.js';

const { first, second } = twoProcessesOnRedis('proxy-purges');
let proxy: Server;
let url: string;
const purged: string[] = [];
let committer: ProxyPurger;
let other: ProxyPurger;

beforeAll(async () => {
  proxy = createServer((req, res) => {
    if (req.method === 'PURGE') purged.push(String(req.headers['xkey-purge']));
    res.end();
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`;
  const logger = pino({ level: 'silent' });
  committer = await createProxyPurger({ urls: [url], redis: first(), logger, consumer: 'committer' });
  other = await createProxyPurger({ urls: [url], redis: second(), logger, consumer: 'other' });
});
afterAll(async () => {
  committer.close();
  other.close();
  await new Promise((resolve) => proxy.close(resolve));
});

describe('purges for the proxy, through Redis', () => {
  it('the process that committed sends its purge when it is ready (its pages rendered again)', async () => {
    await purgeSharedAnswers(first(), ['article:81'], { forProxies: true });
    committer.kick();
    await expect.poll(() => purged).toContain('article:81 all');
  });

  it('a purge its process never sent (the process gone) is sent by another', async () => {
    // Queued in Redis as a commit queues it; its process stops before sending it.
    await purgeSharedAnswers(first(), ['article:82'], { forProxies: true });
    await expect.poll(() => purged, { timeout: 15_000 }).toContain('article:82 all');
    expect(purged.filter((keys) => keys === 'article:82 all')).toHaveLength(1);
  });
});
