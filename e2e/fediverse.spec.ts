import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { Create, createFederation, generateCryptoKeyPair, MemoryKvStore, Note, Person } from '@fedify/fedify';
import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from './e2e-settings';
import { expect, graphqlCategories, READER_WIDTHS, test } from './fixtures';

/**
 * The site on the fediverse, in a browser: each account's handle to copy, and a reply approved in
 * the newsroom's API shown under its story. The reply comes from a second fediverse server this
 * spec runs on loopback (the browser tests' server may reach it: scripts/serve-e2e.mjs), signed as
 * Mastodon would sign it. A writer: it publishes a story of its own (each project its own).
 */

const admin = { Authorization: `Bearer ${E2E_ADMIN_TOKEN}`, 'Content-Type': 'application/json' };
const REPLY_TEXT = 'Seven days aloft is remarkable, well done Perth.';

/** A fediverse server with one account, ann, that sends what it is given at once (no queue). */
async function startPeer(): Promise<{ origin: string; ann: URL; send(create: (ann: URL, origin: string) => Create, to: string): Promise<void>; close(): Promise<void> }> {
  const server: Server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pair = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const peer = createFederation<void>({ kv: new MemoryKvStore(), allowPrivateAddress: true, origin });
  peer
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (identifier !== 'ann') return null;
      const [keys] = await ctx.getActorKeyPairs(identifier);
      return new Person({ id: ctx.getActorUri(identifier), preferredUsername: identifier, name: 'Ann Example', inbox: ctx.getInboxUri(identifier), publicKey: keys.cryptographicKey });
    })
    .setKeyPairsDispatcher(async () => [pair]);
  peer.setInboxListeners('/users/{identifier}/inbox', '/inbox');
  const toRequest = (req: IncomingMessage) =>
    new Request(`${origin}${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : [])),
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream),
      duplex: 'half',
    } as RequestInit);
  server.on('request', (req, res) => {
    void peer.fetch(toRequest(req), { contextData: undefined }).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  const ctx = peer.createContext(new URL(origin), undefined);
  const ann = ctx.getActorUri('ann');
  return {
    origin,
    ann,
    async send(create, site) {
      await ctx.sendActivity({ identifier: 'ann' }, { id: new URL(`${site}/ap/actors/news`), inboxId: new URL(`${site}/ap/inbox`) }, create(ann, origin));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let peer: Awaited<ReturnType<typeof startPeer>>;
let storyId: number;
let authorSlug: string;
let host: string;

/** Polls the newsroom's list of a story's replies until one is there, then approves it. */
async function approveWhenHeld(api: APIRequestContext, articleId: number, replyId: string) {
  await expect
    .poll(async () => ((await (await api.get(`/api/admin/fediverse/replies/${articleId}`, { headers: admin })).json()) as { id: string }[]).map((r) => r.id), {
      message: 'the site holds the reply for approval',
      timeout: 20_000,
    })
    .toContain(replyId);
  const approved = await api.post(`/api/admin/fediverse/replies/${articleId}/approve`, { headers: admin, data: { id: replyId } });
  expect(approved.status()).toBe(200);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const site = String(testInfo.project.use.baseURL);
  host = new URL(site).host;
  const api = await playwright.request.newContext({ baseURL: site });
  const categories = (await graphqlCategories(api)).map((c) => c.slug);
  const authors = (await (await api.get('/api/authors')).json()) as { slug: string }[];
  // An author whose account is theirs (a category of the same slug would have it).
  authorSlug = authors.map((a) => a.slug).find((slug) => slug !== 'news' && !categories.includes(slug))!;

  const created = await api.post('/api/admin/articles', {
    headers: admin,
    data: {
      title: `Perth team flies a solar glider for a week (${Date.now()})`,
      excerpt: 'The glider stayed aloft for seven days.',
      content: 'A Perth team flew a solar glider for a week. It stayed aloft for seven days over the Wheatbelt.',
      category: 'space-economy',
      author: 'Alex Nguyen',
    },
  });
  expect(created.status()).toBe(201);
  storyId = ((await created.json()) as { id: number }).id;
  // Read once before the reply: the page is kept by the response cache, and approving must purge it.
  expect((await api.get(`/articles/${storyId}`)).ok()).toBe(true);

  peer = await startPeer();
  const replyId = `${peer.origin}/users/ann/statuses/1`;
  await peer.send(
    (ann, origin) =>
      new Create({
        id: new URL(`${replyId}/activity`),
        actor: ann,
        object: new Note({
          id: new URL(replyId),
          url: new URL(`${origin}/@ann/1`),
          attribution: ann,
          replyTarget: new URL(`${site}/articles/${storyId}`),
          content: `<p><span class="h-card"><a href="${site}/ap/actors/news" class="u-url mention">@<span>news</span></a></span> ${REPLY_TEXT}</p>`,
          to: new URL('https://www.w3.org/ns/activitystreams#Public'),
        }),
      }),
    site,
  );
  await approveWhenHeld(api, storyId, replyId);
  await api.dispose();
});

test.afterAll(async () => {
  await peer?.close();
});

for (const { name, tag, viewport } of READER_WIDTHS) {
  test.describe(`the fediverse on a ${name}${tag}`, () => {
    test.use({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });

    test('the about, a category and an author page show their handle as text, and Copy puts it on the clipboard', async ({ page }) => {
      for (const [path, handle] of [
        ['/about', `@news@${host}`],
        ['/categories/cybersecurity', `@cybersecurity@${host}`],
        [`/authors/${authorSlug}`, `@${authorSlug}@${host}`],
      ]) {
        await page.goto(path);
        const follow = page.getByRole('region', { name: 'Follow on the fediverse' });
        const text = follow.locator('[data-fediverse-handle]');
        await expect(text).toHaveText(handle);
        await text.scrollIntoViewIfNeeded();
        // Within the screen, however narrow: a long handle wraps.
        const box = (await text.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        await follow.getByRole('button', { name: 'Copy' }).click();
        await expect(follow.getByRole('status')).toHaveText('Copied');
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(handle);
      }
    });

    test('an approved reply is under its story: its author, server and text, and a link to it', async ({ page }) => {
      await page.goto(`/articles/${storyId}`);
      const replies = page.getByRole('region', { name: 'From the fediverse' });
      await expect(replies).toBeVisible();
      const reply = replies.getByRole('listitem').first();
      await expect(reply).toContainText(`Ann Example on ${new URL(peer.origin).host}`);
      // Plain text: the mention is its name, never its address or markup.
      await expect(reply.locator('.reply-text')).toHaveText(`@news ${REPLY_TEXT}`);
      await expect(reply.getByRole('link', { name: `View the reply on ${new URL(peer.origin).host}` })).toHaveAttribute('href', `${peer.origin}/@ann/1`);
      const box = (await replies.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    });
  });
}
