import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  Accept,
  Article,
  Create,
  Delete,
  createFederation,
  Endpoints,
  Follow,
  generateCryptoKeyPair,
  signRequest,
  type Hashtag,
  InProcessMessageQueue,
  MemoryKvStore,
  Note,
  Person,
  Tombstone,
  Undo,
  Update,
} from '@fedify/fedify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { fediverseAccount } from '../../../web/src/entry-server.js';
import { loadConfig } from '../config/config.js';
import { createWeb } from '../ssr/web.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const ADMIN_TOKEN = 'owner-token-0123456789abcdef';

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Polls until the condition holds, failing at the deadline. */
async function until(condition: () => boolean, what: string, deadlineMs = 30_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const toRequest = (origin: string, req: IncomingMessage) =>
  new Request(`${origin}${req.url}`, {
    method: req.method,
    headers: Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : [])),
    body: req.method === 'GET' || req.method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream),
    duplex: 'half',
  } as RequestInit);

/** A second fediverse server: alice, whose inbox records what arrives, and mallory, whose inbox is on another host. */
async function startPeer() {
  const server = createServer();
  const origin = await listen(server);
  const pair = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const received = { accepts: [] as Accept[], creates: [] as Create[], updates: [] as Update[], deletes: [] as Delete[] };
  const peer = createFederation<void>({ kv: new MemoryKvStore(), queue: new InProcessMessageQueue(), allowPrivateAddress: true, origin });
  peer
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (identifier !== 'alice' && identifier !== 'mallory') return null;
      const [keys] = await ctx.getActorKeyPairs(identifier);
      // Mallory's inbox is the cloud's metadata address: deliveries would be posted inside the site's own network.
      const elsewhere = identifier === 'mallory' ? new URL('http://169.254.169.254/latest/inbox') : null;
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: identifier === 'alice' ? 'Alice' : 'Mallory',
        inbox: elsewhere ?? ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: elsewhere ?? ctx.getInboxUri() }),
        publicKey: keys.cryptographicKey,
        assertionMethods: [keys.multikey],
      });
    })
    .setKeyPairsDispatcher(async () => [pair]);
  peer
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    .on(Accept, (_ctx, accept) => {
      received.accepts.push(accept);
    })
    .on(Create, (_ctx, create) => {
      received.creates.push(create);
    })
    .on(Update, (_ctx, update) => {
      received.updates.push(update);
    })
    .on(Delete, (_ctx, deletion) => {
      received.deletes.push(deletion);
    });
  server.on('request', (req, res) => {
    void peer.fetch(toRequest(origin, req), { contextData: undefined }).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  const ctx = peer.createContext(new URL(origin), undefined);
  return { origin, ctx, received, pair, alice: ctx.getActorUri('alice'), close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let site: string;
let siteServer: Server;
let t: TestApp;
let peer: Awaited<ReturnType<typeof startPeer>>;

beforeAll(async () => {
  siteServer = createServer();
  site = await listen(siteServer);
  const env = { SITE_URL: site, ACTIVITYPUB_ALLOW_LOOPBACK: 'true', ADMIN_TOKEN };
  // With its pages: an approved reply shows under its story.
  t = await createTestApp(env, { web: (contextFor) => createWeb({ config: loadConfig({ NODE_ENV: 'test', ...env }), contextFor, mode: 'source' }) });
  siteServer.on('request', t.listener);
  peer = await startPeer();
}, 120_000);
afterAll(async () => {
  await peer?.close();
  siteServer.closeAllConnections();
  await new Promise<void>((resolve) => siteServer.close(() => resolve()));
  await t?.close();
});

const host = () => new URL(site).host;
const AP = 'application/activity+json';

describe('the site on the fediverse', () => {
  it('carries no Fedify while nobody federates: a publish with no follower leaves it unloaded, the first WebFinger request loads it', async () => {
    expect(t.fediverse.loaded()).toBe(false);
    const story = { title: 'Hobart startup ships a tidal sensor', excerpt: 'Sensors now log the Derwent every minute.', content: 'A Hobart startup shipped a tidal sensor. It logs the Derwent every minute.', category: 'artificial-intelligence', author: 'Alex Nguyen' };
    const created = await request(t.app).post('/api/admin/articles').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send(story).expect(201);
    // The publisher's round has looked at the story once its mark has moved to it.
    const mark = async () => (await createServices(t.db.orm.em.fork()).fediverseStore.get(JSON.stringify(['federated-through']), new Date())) as string | undefined;
    await expect.poll(mark).toBe(new Date(created.body.publishedAt).toISOString());
    await request(t.app).get('/api/admin/analytics?days=30').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
    expect(t.fediverse.loaded()).toBe(false);
    await request(t.app).get(`/.well-known/webfinger?resource=acct:news@${host()}`).expect(200);
    expect(t.fediverse.loaded()).toBe(true);
  });

  it('finds @news by WebFinger, with its actor document, outbox and NodeInfo', async () => {
    const finger = await request(t.app).get(`/.well-known/webfinger?resource=acct:news@${host()}`).expect(200);
    // The handle the pages offer is the one WebFinger answers for.
    expect(finger.body.subject).toBe(`acct:${fediverseAccount(site, 'news').handle.slice(1)}`);
    const self = finger.body.links.find((l: { rel: string }) => l.rel === 'self');
    expect(self.href).toBe(`${site}/ap/actors/news`);
    const actor = await request(t.app).get('/ap/actors/news').set('Accept', AP).expect(200);
    expect(actor.body).toMatchObject({ type: 'Service', preferredUsername: 'news', name: 'AusTech News', url: `${site}/`, inbox: `${site}/ap/actors/news/inbox` });
    expect(actor.body.publicKey.publicKeyPem).toMatch(/BEGIN PUBLIC KEY/);
    expect(actor.body.endpoints.sharedInbox).toBe(`${site}/ap/inbox`);
    const category = await request(t.app).get('/ap/actors/artificial-intelligence').set('Accept', AP).expect(200);
    expect(category.body.name).toBe('AusTech News: Artificial Intelligence');
    const categoryFinger = await request(t.app).get(`/.well-known/webfinger?resource=acct:artificial-intelligence@${host()}`).expect(200);
    expect(categoryFinger.body.subject).toBe(`acct:${fediverseAccount(site, 'artificial-intelligence').handle.slice(1)}`);
    expect(`@${category.body.preferredUsername}@${host()}`).toBe(fediverseAccount(site, 'artificial-intelligence').handle);
    await request(t.app).get('/ap/actors/nobody').set('Accept', AP).expect(404);
    // An author is an account of their own once they are an entity.
    const author = await createServices(t.db.orm.em.fork()).authors.create({ name: 'Maren Talbot', role: 'Senior Reporter', bio: 'Maren covers breaches.', categorySlugs: [] }, { name: 'Alex Nguyen', role: 'editor' });
    const authorFinger = await request(t.app).get(`/.well-known/webfinger?resource=acct:${author.slug}@${host()}`).expect(200);
    expect(authorFinger.body.links.find((l: { rel: string }) => l.rel === 'self').href).toBe(`${site}/ap/actors/${author.slug}`);
    const authorActor = await request(t.app).get(`/ap/actors/${author.slug}`).set('Accept', AP).expect(200);
    expect(authorActor.body).toMatchObject({ name: 'Maren Talbot', url: `${site}/authors/${author.slug}` });
    const authorOutbox = await request(t.app).get(`/ap/actors/${author.slug}/outbox`).set('Accept', AP).expect(200);
    expect(authorOutbox.body.totalItems).toBeGreaterThan(0);
    const outbox = await request(t.app).get('/ap/actors/news/outbox?cursor=').set('Accept', AP).expect(200);
    const [first, second] = outbox.body.orderedItems;
    expect(first.type).toBe('Create');
    expect(Date.parse(first.object.published)).toBeGreaterThanOrEqual(Date.parse(second.object.published));
    const nodeinfo = await request(t.app).get('/.well-known/nodeinfo').expect(200);
    expect(nodeinfo.body.links[0].href).toBe(`${site}/nodeinfo/2.1`);
  });

  it('answers an article as an ActivityPub Article at its own URL, and HTML readers still get the page', async () => {
    const [latest] = (await request(t.app).get('/api/articles?limit=1')).body;
    const res = await request(t.app).get(`/articles/${latest.id}`).set('Accept', AP).expect(200);
    expect(res.body).toMatchObject({ type: 'Article', name: latest.title, url: `${site}/articles/${latest.id}` });
    expect(String(res.headers.vary)).toMatch(/Accept/);
  });

  it('refuses an activity whose signature does not verify, and one too large to read', async () => {
    const follow = { '@context': 'https://www.w3.org/ns/activitystreams', type: 'Follow', id: `${peer.origin}/forged`, actor: peer.alice.href, object: `${site}/ap/actors/news` };
    const res = await request(t.app).post('/ap/actors/news/inbox').set('Content-Type', AP).send(JSON.stringify(follow));
    expect(res.status).toBe(401);
    await request(t.app).post('/ap/inbox').set('Content-Type', AP).send('x'.repeat(300 * 1024)).expect(413);
  });

  it('refuses an activity signed with a key that is not the named key\'s, one whose actor is not its signer, and a malformed one, storing nothing', async () => {
    const post = async (activity: string, key: CryptoKey, keyId: URL) => {
      const unsigned = new Request(`${site}/ap/actors/news/inbox`, { method: 'POST', headers: { 'content-type': AP, 'content-length': String(Buffer.byteLength(activity)) }, body: activity });
      return (await fetch(await signRequest(unsigned, key, keyId))).status;
    };
    const follow = (actor: string, n: number) => JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', type: 'Follow', id: `${peer.origin}/hostile/${n}`, actor, object: `${site}/ap/actors/news` });
    // Another key under alice's key id: the signature does not verify against her published key.
    const forger = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    expect(await post(follow(peer.alice.href, 1), forger.privateKey, new URL(`${peer.alice.href}#main-key`))).toBe(401);
    // Alice's own key, for an activity that claims to be someone else's.
    const claimed = await post(follow(`${peer.origin}/users/bob`, 2), peer.pair.privateKey, new URL(`${peer.alice.href}#main-key`));
    expect(claimed === 401 || claimed === 202, `status ${claimed}`).toBe(true);
    const malformed = await post('{"type": "Follow", "actor": ', peer.pair.privateKey, new URL(`${peer.alice.href}#main-key`));
    expect(malformed).toBeGreaterThanOrEqual(400);
    expect(malformed).toBeLessThan(500);
    expect((await request(t.app).get('/ap/actors/news/followers').set('Accept', AP).expect(200)).body.totalItems).toBe(0);
  });

  it('answers an activity posted to an inbox no actor owns at once (404), its large body read and dropped, whether signed or not', async () => {
    const body = Buffer.alloc(250 * 1024, 'a');
    const post = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${site}/ap/actors/nobody/inbox`, { method: 'POST', headers: { 'content-type': AP, 'content-length': String(body.length), ...headers } }, (res) => {
          res.resume().on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end(body);
      });
    // Left unread, the upload stalls half way and the answer waits for the request timeout (30 s), past this test's.
    expect(await post({ signature: 'keyId="https://elsewhere.example/users/a#main-key",headers="date",signature="x"' })).toBe(404);
    expect(await post({})).toBe(404);
  }, 10_000);

  it('keeps no follower whose inbox is on another host than its actor: nothing is ever delivered there', async () => {
    const mallory = peer.ctx.getActorUri('mallory');
    const body = JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', type: 'Follow', id: `${peer.origin}/follows/mallory`, actor: mallory.href, object: `${site}/ap/actors/news` });
    const unsigned = new Request(`${site}/ap/actors/news/inbox`, { method: 'POST', headers: { 'content-type': AP, 'content-length': String(Buffer.byteLength(body)) }, body });
    expect((await fetch(await signRequest(unsigned, peer.pair.privateKey, new URL(`${mallory.href}#main-key`)))).status).toBe(202);
    // Taken in, then handled from the queue: once the queue is empty, the Follow was handled.
    const waiting = async () => Number(((await t.db.orm.em.fork().getConnection().execute('select count(*) as n from fediverse_task')) as { n: number }[])[0].n);
    await expect.poll(waiting, { timeout: 20_000 }).toBe(0);
    expect((await request(t.app).get('/ap/actors/news/followers').set('Accept', AP).expect(200)).body.totalItems).toBe(0);
  });

  it('a peer follows @news, gets an Accept, receives the next publish as an Article with its text and hashtag, a reply held until approved, its correction as an Update and its withdrawal as a Delete, then unfollows', async () => {
    const news = new URL(`${site}/ap/actors/news`);
    const target = await peer.ctx.lookupObject(news.href);
    expect(target).not.toBeNull();
    await peer.ctx.sendActivity({ identifier: 'alice' }, target as Person, new Follow({ id: new URL(`${peer.origin}/follows/1`), actor: peer.alice, object: news }));
    await until(() => peer.received.accepts.length === 1, 'the Accept');
    const followers = await request(t.app).get('/ap/actors/news/followers').set('Accept', AP).expect(200);
    expect(followers.body.totalItems).toBe(1);
    // The owner sees it in the analytics: the site's account always, others only once followed.
    const figures = await request(t.app).get('/api/admin/analytics?days=30').set('Authorization', `Bearer ${ADMIN_TOKEN}`).expect(200);
    expect(figures.body.fediverse.followers).toEqual([{ handle: fediverseAccount(site, 'news').handle, name: 'AusTech News', followers: 1 }]);

    const story = { title: 'Perth team flies a solar glider for a week', excerpt: 'The glider stayed aloft for seven days.', content: 'A Perth team flew a solar glider for a week. It stayed aloft for seven days.', category: 'artificial-intelligence', author: 'Alex Nguyen' };
    const created = await request(t.app).post('/api/admin/articles').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send(story).expect(201);
    await until(() => peer.received.creates.length === 1, 'the Create');
    const article = await peer.received.creates[0].getObject();
    expect(article).toBeInstanceOf(Article);
    const a = article as Article;
    expect(a.name?.toString()).toBe(story.title);
    expect(a.url?.toString()).toBe(`${site}/articles/${created.body.id}`);
    expect(a.content?.toString()).toBe('<p>A Perth team flew a solar glider for a week.</p><p>It stayed aloft for seven days.</p>');
    const tags = [];
    for await (const tag of a.getTags()) tags.push(tag);
    expect(tags.map((tag) => (tag as Hashtag).name?.toString())).toEqual(['#ArtificialIntelligence']);

    // A reply waits for an editor, then readers see it.
    // Mastodon's reply: a mention linking to the account, markup, and text that only looks like HTML.
    const reply = new Note({
      id: new URL(`${peer.origin}/notes/1`),
      url: new URL(`${peer.origin}/@alice/1`),
      attribution: peer.alice,
      replyTarget: a.id!,
      content: `<p><span class="h-card"><a href="${site}/ap/actors/news" class="u-url mention">@<span>news</span></a></span> Seven days <b>aloft</b> is remarkable.</p><p>Is &lt;script&gt; safe here?</p>`,
      to: new URL('https://www.w3.org/ns/activitystreams#Public'),
    });
    const REPLY_TEXT = '@news Seven days aloft is remarkable.\n\nIs <script> safe here?';
    // The story's page before any reply is approved: kept by the response cache.
    await request(t.app).get(`/articles/${created.body.id}`).expect(200);
    const before = await request(t.app).get(`/articles/${created.body.id}`).expect(200);
    expect(before.headers['x-cache']).toBe('HIT');
    expect(before.text).not.toContain('From the fediverse');
    await peer.ctx.sendActivity({ identifier: 'alice' }, target as Person, new Create({ id: new URL(`${peer.origin}/notes/1/create`), actor: peer.alice, object: reply }));
    const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` };
    const pending = async () => (await request(t.app).get(`/api/admin/fediverse/replies/${created.body.id}`).set(admin).expect(200)).body as { id: string; approved: boolean }[];
    let held: { id: string; approved: boolean }[] = [];
    const replyDeadline = Date.now() + 30_000;
    while (held.length === 0 && Date.now() < replyDeadline) {
      held = await pending();
      if (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(held).toEqual([expect.objectContaining({ id: `${peer.origin}/notes/1`, url: `${peer.origin}/@alice/1`, approved: false, text: REPLY_TEXT, authorName: 'Alice', server: new URL(peer.origin).host })]);
    expect((await request(t.app).get(`/api/articles/${created.body.id}/replies`).expect(200)).body).toEqual([]);
    await request(t.app).post(`/api/admin/fediverse/replies/${created.body.id}/approve`).set(admin).send({ id: `${peer.origin}/notes/1` }).expect(200);
    const shown = (await request(t.app).get(`/api/articles/${created.body.id}/replies`).expect(200)).body;
    expect(shown).toEqual([expect.objectContaining({ authorName: 'Alice', authorUrl: peer.alice.href, text: REPLY_TEXT })]);
    // Approving purged the cached page: the next reader gets the reply under the story, as text.
    const after = await request(t.app).get(`/articles/${created.body.id}`).expect(200);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.text).toContain('From the fediverse');
    expect(after.text).toContain('Is &lt;script&gt; safe here?');
    expect(after.text).not.toContain('<script> safe');
    expect(after.text).toContain(`href="${peer.origin}/@alice/1"`);
    expect(after.text.replace(/<!-- -->/g, '')).toContain(`<strong>Alice</strong> on ${new URL(peer.origin).host}`);
    await request(t.app).post(`/api/admin/fediverse/replies/${created.body.id}/approve`).send({ id: 'x' }).expect(401);
    // Withdrawn by an editor: gone from the story's replies and, its cached copy purged, from its page.
    await expect.poll(async () => (await request(t.app).get(`/articles/${created.body.id}`).expect(200)).headers['x-cache']).toBe('HIT');
    await request(t.app).post(`/api/admin/fediverse/replies/${created.body.id}/remove`).set(admin).send({ id: 'https://elsewhere.example/notes/9' }).expect(404);
    await request(t.app).post(`/api/admin/fediverse/replies/${created.body.id}/remove`).set(admin).send({}).expect(400);
    await request(t.app).post(`/api/admin/fediverse/replies/${created.body.id}/remove`).set(admin).send({ id: `${peer.origin}/notes/1` }).expect(200);
    expect((await request(t.app).get(`/api/articles/${created.body.id}/replies`).expect(200)).body).toEqual([]);
    expect(await pending()).toEqual([]);
    const withdrawn = await request(t.app).get(`/articles/${created.body.id}`).expect(200);
    expect(withdrawn.headers['x-cache']).toBe('MISS');
    expect(withdrawn.text).not.toContain('From the fediverse');

    // A correction arrives as an Update of the same Article, a withdrawal as a Delete of its Tombstone.
    await request(t.app).patch(`/api/admin/articles/${created.body.id}`).set(admin).send({ title: 'Perth team flies a solar glider for eight days' }).expect(200);
    await until(() => peer.received.updates.length === 1, 'the Update');
    const corrected = (await peer.received.updates[0].getObject()) as Article;
    expect(corrected.id?.href).toBe(a.id?.href);
    expect(corrected.name?.toString()).toBe('Perth team flies a solar glider for eight days');
    await request(t.app).delete(`/api/admin/articles/${created.body.id}`).set(admin).expect(204);
    await until(() => peer.received.deletes.length === 1, 'the Delete');
    const tombstone = await peer.received.deletes[0].getObject();
    expect(tombstone).toBeInstanceOf(Tombstone);
    expect(tombstone?.id?.href).toBe(a.id?.href);
    expect(peer.received.creates).toHaveLength(1);

    await peer.ctx.sendActivity({ identifier: 'alice' }, target as Person, new Undo({ id: new URL(`${peer.origin}/follows/1/undo`), actor: peer.alice, object: new Follow({ id: new URL(`${peer.origin}/follows/1`), actor: peer.alice, object: news }) }));
    let count = 1;
    const deadline = Date.now() + 30_000;
    while (count !== 0 && Date.now() < deadline) {
      count = (await request(t.app).get('/ap/actors/news/followers').set('Accept', AP)).body.totalItems;
      if (count !== 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(count).toBe(0);
  });
});

describe('a site that reaches public addresses only', () => {
  let strictServer: Server;
  let strict: TestApp;
  let origin: string;
  beforeAll(async () => {
    strictServer = createServer();
    origin = await listen(strictServer);
    strict = await createTestApp({ SITE_URL: origin });
    strictServer.on('request', strict.listener);
  }, 120_000);
  afterAll(async () => {
    strictServer.closeAllConnections();
    await new Promise<void>((resolve) => strictServer.close(() => resolve()));
    await strict?.close();
  });

  it('refuses a correctly signed Follow from an actor on a private address: its key is never fetched', async () => {
    const signedFollow = (to: string) => {
      const body = JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', type: 'Follow', id: `${peer.origin}/follows/${to.length}`, actor: peer.alice.href, object: `${to}/ap/actors/news` });
      const unsigned = new Request(`${to}/ap/actors/news/inbox`, { method: 'POST', headers: { 'content-type': AP, 'content-length': String(Buffer.byteLength(body)) }, body });
      return signRequest(unsigned, peer.pair.privateKey, new URL(`${peer.alice.href}#main-key`));
    };
    // The same signed Follow is taken by the site that a test lets reach loopback peers.
    expect((await fetch(await signedFollow(site))).status).toBe(202);
    expect((await fetch(await signedFollow(origin))).status).toBe(401);
    const followers = await request(strict.app).get('/ap/actors/news/followers').set('Accept', AP).expect(200);
    expect(followers.body.totalItems).toBe(0);
  });
});
