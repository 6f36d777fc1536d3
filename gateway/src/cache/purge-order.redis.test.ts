import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { twoAppsOnRedis } from '../test/two-apps-on-redis.js';

/**
 * The order of a purge across processes (decision 138): process A commits a correction of a page
 * only process B holds. The proxy must hear of it only once B has rendered the page again and
 * stored it in Redis, so the proxy's next miss, whichever process it reaches, is answered from a cache.
 */
/** Far more than a render takes on a busy machine: the order is what is tested, not the budget. */
const BUDGET_MS = 30_000;

let servers: Server[] = [];
let proxy: { server: Server; origin: string };
let editor: Record<string, string>;
/** Each PURGE the proxy was sent, and whether the page was in Redis when it came. */
const purges: { keys: string; pageInRedis: boolean }[] = [];
let watched = '';

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

// A stand-in proxy, started before the processes that send it their purges.
beforeAll(async () => {
  proxy = await listen((req, res) => {
    if (req.method !== 'PURGE') return void res.end();
    void site
      .redis()
      .exists(site.sharedKey(watched))
      .then((count) => {
        purges.push({ keys: String(req.headers['xkey-purge']), pageInRedis: count === 1 });
        res.end();
      });
  });
});
const site = twoAppsOnRedis('purge-order', { env: () => ({ PROXY_PURGE_URLS: `${proxy.origin}/` }), extra: { refreshBudgetMs: BUDGET_MS } });

beforeAll(async () => {
  for (const app of [site.a(), site.b()]) {
    const { server, origin } = await listen(app.listener);
    servers.push(server);
    app.serving(origin);
  }
  const { token } = await createServices(site.db().orm.em.fork()).editors.createToken({ name: 'Alex Nguyen' });
  editor = { Authorization: `Bearer ${token}` };
});

afterAll(async () => {
  await Promise.all([...servers, proxy?.server].map((server) => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))));
  servers = [];
});

it('the committing process tells the proxy once the other process has rendered the page it held again, into Redis', async () => {
  const [serverA, serverB] = servers;
  const [article] = (await request(serverB).get('/api/articles?limit=1').expect(200)).body as { id: number }[];
  watched = `/api/articles/${article.id}`;
  // Only B renders the page; its copy is in Redis too.
  await request(serverB).get(watched).expect(200);
  await expect.poll(async () => (await request(serverB).get(watched).expect(200)).headers['x-cache']).toBe('HIT');
  await expect.poll(() => site.redis().exists(site.sharedKey(watched))).toBe(1);

  await request(serverA).patch(`/api/admin/articles/${article.id}`).set(editor).send({ title: 'Hobart data centre switches to wind power' }).expect(200);

  await expect.poll(() => purges.find((purge) => purge.keys.split(' ').includes(`article:${article.id}`))).toBeDefined();
  expect(purges.find((purge) => purge.keys.split(' ').includes(`article:${article.id}`))?.pageInRedis).toBe(true);
  // The proxy's next miss reaching A, which never rendered the page, is a hit with the new text.
  const fromA = await request(serverA).get(watched).expect(200);
  expect(fromA.headers['x-cache']).toBe('HIT');
  expect(fromA.body.title).toBe('Hobart data centre switches to wind power');
});
