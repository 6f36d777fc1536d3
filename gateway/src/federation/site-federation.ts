import { Temporal } from '@js-temporal/polyfill';
import {
  Accept,
  Article,
  type Context,
  Create,
  Delete,
  createFederation,
  Endpoints,
  exportJwk,
  type Federation,
  Follow,
  generateCryptoKeyPair,
  Hashtag,
  Image,
  importJwk,
  Note,
  parseSemVer,
  PropertyValue,
  type Recipient,
  Service,
  Tombstone,
  Undo,
  Update,
} from '@fedify/fedify';
import { convert as htmlToText } from 'html-to-text';
import type { ArticleView, Services } from '../../../schema/src/index.js';
import { fediverseAccount, SITE_ACTOR, splitSentences } from '../../../web/src/entry-server.js';
import type { Config } from '../config/config.js';
import { siteUrl } from '../seo/site-url.js';
import { type DatabaseKvStore, DatabaseMessageQueue } from './database-stores.js';
import { limitedDocumentLoaders, signedDocumentLoaders } from './remote-documents.js';

/** The site's own account: `@news@{domain}`. Each category and author is an account too, by its slug. */
export { SITE_ACTOR };
/** Stories per outbox page. */
export const OUTBOX_PAGE_SIZE = 20;

/** A reply's text is kept up to this many characters. */
export const MAX_REPLY_CHARS = 2_000;

/**
 * A reply's HTML as the plain text kept and shown: links as their text (a mention reads `@news`,
 * not its address), no images, no wrapping, at most MAX_REPLY_CHARS.
 */
export function replyText(html: string): string {
  return htmlToText(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
    ],
  }).slice(0, MAX_REPLY_CHARS);
}

export interface FederationData {
  services: Services;
}

/** Fedify with the site's accounts: loaded by the fediverse site (fediverse-site.ts) when first needed. */
export interface SiteFederation {
  federation: Federation<FederationData>;
  /** A context outside any request (deliveries after a publish). */
  context(services: Services): Context<FederationData>;
  /**
   * Sends a story's Create, Update (a correction) or Delete (a withdrawal: only its id and category
   * are known) to the followers of the site and of its category.
   */
  send(services: Services, kind: 'Create' | 'Update' | 'Delete', story: ArticleView | { id: number; categorySlug: string; authorSlug: string | null }): Promise<void>;
  /** Starts handling the queued tasks: those left by an earlier run first (a delivery a crash interrupted). */
  start(): void;
  /** Stops after the task in hand; what is still queued waits for the next start. */
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** A category's name as a hashtag: letters and digits only (`#ArtificialIntelligence`). */
const hashtagOf = (name: string) => `#${name.replace(/&/g, 'And').replace(/[^\p{L}\p{N}]+/gu, '')}`;

export interface SiteFederationOptions {
  /** Services on a fresh unit of work: the queued tasks' handlers and the stores read through them. */
  services: () => Services;
  onError?: (error: unknown, what: string) => void;
  /** Whether the database has a connection free and nobody waiting: the delivery queue claims only then. */
  databaseHasRoom?: () => Promise<boolean>;
  /** Keys, marks and cached documents: the fediverse site's store, which the publisher reads too. */
  kv: DatabaseKvStore;
}

/**
 * Fedify's keys, marks, cached remote documents and delivery queue are rows of the site's own
 * database, on PGlite and PostgreSQL alike (decision 131): a restart keeps the accounts' keys, and a
 * crash loses no delivery. Followers and replies are rows too (FediverseFollowersService, FediverseReplyStore).
 */
export function createSiteFederation(config: Config, { services, onError = () => {}, databaseHasRoom, kv }: SiteFederationOptions): SiteFederation {
  const store = () => services().fediverseStore;
  const queue = new DatabaseMessageQueue(store, { onError, hasRoom: databaseHasRoom });
  let listening: Promise<void> | null = null;
  const abs = (path: string) => siteUrl(config.siteUrl, path);
  const federation = createFederation<FederationData>({
    kv,
    queue,
    origin: new URL(config.siteUrl).origin,
    // Remote actors and keys are fetched from public addresses only, unless a test allows loopback peers,
    // each within a time and a size limit (the feed ingester's rules).
    documentLoaderFactory: limitedDocumentLoaders(kv, config.activityPub.allowLoopback),
    authenticatedDocumentLoaderFactory: signedDocumentLoaders(config.activityPub.allowLoopback),
    // Tasks are handled once start() is called: at boot, so an earlier run's tasks go out too.
    manuallyStartQueue: true,
    signatureTimeWindow: { hours: 1 },
  });

  /** The account's name, summary and page, or null when there is no such account. */
  async function account(services: Services, identifier: string) {
    if (identifier === SITE_ACTOR) {
      return { name: config.siteName, summary: 'The latest Australian technology news.', page: abs('/'), category: null, author: null };
    }
    const category = (await services.categories.list()).find((c) => c.slug === identifier);
    if (category) return { name: `${config.siteName}: ${category.name}`, summary: category.description, page: abs(`/categories/${category.slug}`), category, author: null };
    // An author's account by their slug (a category of the same slug comes first).
    const author = await services.authors.findBySlug(identifier);
    return author ? { name: author.name, summary: author.bio || `${author.role}, ${config.siteName}`, page: abs(`/authors/${author.slug}`), category: null, author } : null;
  }

  async function keyPairs(identifier: string): Promise<CryptoKeyPair[]> {
    type Stored = { publicKey: JsonWebKey; privateKey: JsonWebKey };
    const imported = async (stored: Stored) => [{ publicKey: await importJwk(stored.publicKey, 'public'), privateKey: await importJwk(stored.privateKey, 'private') }];
    const stored = await kv.get<Stored>(['actor-keys', identifier]);
    if (stored) return imported(stored);
    const pair = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    // Two processes making an account's first key at once: the first kept is everyone's key.
    if (await kv.cas(['actor-keys', identifier], undefined, { publicKey: await exportJwk(pair.publicKey), privateKey: await exportJwk(pair.privateKey) })) return [pair];
    return imported((await kv.get<Stored>(['actor-keys', identifier]))!);
  }


  const articleObject = (ctx: Context<FederationData>, a: ArticleView) => {
    const identifier = SITE_ACTOR;
    const url = abs(`/articles/${a.id}`);
    const html = splitSentences(a.content).map((s) => `<p>${escapeHtml(s)}</p>`).join('');
    return new Article({
      id: ctx.getObjectUri(Article, { id: String(a.id) }),
      attribution: ctx.getActorUri(identifier),
      name: a.title,
      summary: escapeHtml(a.excerpt),
      content: html,
      url: new URL(url),
      published: Temporal.Instant.from(a.publishedAt.toISOString()),
      updated: Temporal.Instant.from(a.updatedAt.toISOString()),
      image: new Image({ url: new URL(abs(`${a.imageUrl}?w=1200`)), name: a.title }),
      tags: [new Hashtag({ name: hashtagOf(a.category.name), href: new URL(abs(`/categories/${a.category.slug}`)) })],
      to: new URL('https://www.w3.org/ns/activitystreams#Public'),
      ccs: [ctx.getFollowersUri(identifier), ctx.getFollowersUri(a.category.slug)],
    });
  };
  const createOf = (ctx: Context<FederationData>, a: ArticleView, actor = SITE_ACTOR) =>
    new Create({
      id: new URL(`${ctx.getObjectUri(Article, { id: String(a.id) }).href}#create-${actor}`),
      actor: ctx.getActorUri(actor),
      object: articleObject(ctx, a),
      published: Temporal.Instant.from(a.publishedAt.toISOString()),
      to: new URL('https://www.w3.org/ns/activitystreams#Public'),
      ccs: [ctx.getFollowersUri(SITE_ACTOR), ctx.getFollowersUri(a.category.slug)],
    });

  const audience = (ctx: Context<FederationData>, actor: string, categorySlug: string) => ({
    to: new URL('https://www.w3.org/ns/activitystreams#Public'),
    ccs: [ctx.getFollowersUri(actor), ...(actor === categorySlug ? [] : [ctx.getFollowersUri(categorySlug)])],
  });
  const updateOf = (ctx: Context<FederationData>, a: ArticleView, actor: string) =>
    new Update({
      id: new URL(`${ctx.getObjectUri(Article, { id: String(a.id) }).href}#update-${actor}-${a.updatedAt.getTime()}`),
      actor: ctx.getActorUri(actor),
      object: articleObject(ctx, a),
      updated: Temporal.Instant.from(a.updatedAt.toISOString()),
      ...audience(ctx, actor, a.category.slug),
    });
  const deleteOf = (ctx: Context<FederationData>, id: number, actor: string, categorySlug: string) => {
    const objectId = ctx.getObjectUri(Article, { id: String(id) });
    return new Delete({
      id: new URL(`${objectId.href}#delete-${actor}`),
      actor: ctx.getActorUri(actor),
      object: new Tombstone({ id: objectId, deleted: Temporal.Now.instant() }),
      ...audience(ctx, actor, categorySlug),
    });
  };

  federation
    .setActorDispatcher('/ap/actors/{identifier}', async (ctx, identifier) => {
      const found = await account(ctx.data.services, identifier);
      if (!found) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Service({
        id: ctx.getActorUri(identifier),
        // WebFinger answers acct:{preferredUsername}@{SITE_URL's host}: the handle the pages show.
        preferredUsername: fediverseAccount(config.siteUrl, identifier).username,
        name: found.name,
        summary: escapeHtml(found.summary),
        url: new URL(found.page),
        icon: new Image({ url: new URL(abs('/media/brand/logo.png')) }),
        image: new Image({ url: new URL(abs('/media/covers/fallback-1?w=1200')) }),
        attachments: [new PropertyValue({ name: 'Website', value: `<a href="${escapeHtml(found.page)}">${escapeHtml(found.page)}</a>` })],
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        manuallyApprovesFollowers: false,
        discoverable: true,
        publicKey: keys[0]?.cryptographicKey,
        assertionMethods: keys.map((k) => k.multikey),
      });
    })
    .setKeyPairsDispatcher(async (ctx, identifier) => ((await account(ctx.data.services, identifier)) ? keyPairs(identifier) : []));

  federation.setObjectDispatcher(Article, '/articles/{id}', async (ctx, { id }) => {
    const found = /^\d{1,15}$/.test(id) ? await ctx.data.services.articles.findById(Number(id)) : null;
    return found ? articleObject(ctx, found) : null;
  });

  // The outbox: a Create of each story, newest first, paged by the readers' own cursor.
  federation
    .setOutboxDispatcher('/ap/actors/{identifier}/outbox', async (ctx, identifier, cursor) => {
      const found = await account(ctx.data.services, identifier);
      if (!found || cursor === null) return null;
      const query = { first: OUTBOX_PAGE_SIZE, after: cursor || undefined };
      const page = found.author ? await ctx.data.services.authors.articles(found.author, query) : await ctx.data.services.articles.page({ ...query, category: found.category?.slug });
      return { items: page.nodes.map((a) => createOf(ctx, a, identifier)), nextCursor: page.hasNextPage ? page.cursors[page.cursors.length - 1] : null };
    })
    .setFirstCursor(() => '')
    .setCounter(async (ctx, identifier) => {
      const found = await account(ctx.data.services, identifier);
      if (!found) return null;
      return found.author ? (await ctx.data.services.authors.articles(found.author, { first: 1 })).total : ctx.data.services.articles.count(found.category?.slug);
    });

  // Followers: the count is public, the list is not.
  federation
    .setFollowersDispatcher('/ap/actors/{identifier}/followers', async (ctx, identifier) => ((await account(ctx.data.services, identifier)) ? { items: [] } : null))
    .setCounter(async (ctx, identifier) => ctx.data.services.fediverseFollowers.count(identifier));

  federation
    .setInboxListeners('/ap/actors/{identifier}/inbox', '/ap/inbox')
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.objectId) return;
      const parsed = ctx.parseUri(follow.objectId);
      if (parsed?.type !== 'actor' || !(await account(ctx.data.services, parsed.identifier))) return;
      const follower = await follow.getActor(ctx);
      if (!follower?.id || !follower.inboxId) return;
      // Inboxes on the actor's own host only: the host the actor was fetched from, a public address;
      // an inbox elsewhere could point deliveries into the site's own network.
      const host = follower.id.host;
      if (follower.inboxId.host !== host || (follower.endpoints?.sharedInbox && follower.endpoints.sharedInbox.host !== host)) return;
      // One row per follower: Follows arriving at once never undo each other; an account that is full accepts no more.
      const stored = await ctx.data.services.fediverseFollowers.add(parsed.identifier, { id: follower.id.href, inbox: follower.inboxId.href, sharedInbox: follower.endpoints?.sharedInbox?.href ?? null });
      if (!stored) return;
      await ctx.sendActivity({ identifier: parsed.identifier }, follower, new Accept({ id: new URL(`${ctx.getActorUri(parsed.identifier).href}#accepts/${encodeURIComponent(follow.id.href)}`), actor: follow.objectId, object: follow }));
    })
    .on(Create, async (ctx, create) => {
      // A reply to one of the stories: stored as text, held for an editor. Its author must be the signer.
      const note = await create.getObject(ctx);
      if (!(note instanceof Note) || !note.id || !note.replyTargetId || !create.actorId || note.attributionId?.href !== create.actorId.href) return;
      const target = ctx.parseUri(note.replyTargetId);
      if (target?.type !== 'object' || target.class !== Article) return;
      const articleId = Number(target.values.id);
      if (!(await ctx.data.services.articles.findById(articleId))) return;
      const author = await create.getActor(ctx);
      if (!author?.id) return;
      const name = author.name?.toString() ?? author.preferredUsername?.toString() ?? author.id.href;
      // One row per reply: a story's cap and a repeat are checked by the insert itself.
      await ctx.data.services.fediverseReplyStore.add(articleId, {
        id: note.id.href,
        authorName: name.slice(0, 200),
        authorUrl: (author.url instanceof URL ? author.url : author.id).href,
        server: author.id.host,
        text: replyText(note.content?.toString() ?? ''),
        published: (note.published ?? Temporal.Now.instant()).toString(),
        approved: false,
        // Its page on its server, where readers follow the link to it (Mastodon's url; else the id).
        ...(note.url instanceof URL ? { url: note.url.href.slice(0, 2048) } : {}),
      });
    })
    .on(Undo, async (ctx, undo) => {
      const object = await undo.getObject(ctx);
      if (!(object instanceof Follow) || !object.objectId || !undo.actorId) return;
      const parsed = ctx.parseUri(object.objectId);
      if (parsed?.type !== 'actor') return;
      await ctx.data.services.fediverseFollowers.remove(parsed.identifier, undo.actorId.href);
    });

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async (ctx) => ({
    software: { name: 'austechnews', version: parseSemVer('1.0.0'), homepage: new URL(abs('/')) },
    protocols: ['activitypub'],
    usage: { users: { total: 1 }, localPosts: await ctx.data.services.articles.count(), localComments: 0 },
    openRegistrations: false,
  }));

  const context = (services: Services) => federation.createContext(new URL(config.siteUrl), { services });

  return {
    federation,
    context,
    async send(services, kind, story) {
      const ctx = context(services);
      const categorySlug = 'categorySlug' in story ? story.categorySlug : story.category.slug;
      // From the site's account to its followers and from the category's to its own: each server
      // shows a post to the followers of the account that sent it. Fedify sends each shared inbox once.
      const { authorSlug } = story;
      for (const identifier of [SITE_ACTOR, categorySlug, ...(authorSlug && authorSlug !== categorySlug ? [authorSlug] : [])]) {
        const recipients: Recipient[] = (await services.fediverseFollowers.list(identifier)).map((f) => ({
          id: new URL(f.id),
          inboxId: new URL(f.inbox),
          endpoints: f.sharedInbox ? { sharedInbox: new URL(f.sharedInbox) } : null,
        }));
        if (!recipients.length) continue;
        const activity = 'categorySlug' in story ? deleteOf(ctx, story.id, identifier, categorySlug) : kind === 'Update' ? updateOf(ctx, story, identifier) : createOf(ctx, story, identifier);
        await ctx.sendActivity({ identifier }, recipients, activity, { preferSharedInbox: true });
      }
    },
    start() {
      if (listening) return;
      // Each task reads through services of its own: a long-lived unit of work would keep every row it saw.
      const data: FederationData = {
        get services() {
          return services();
        },
      };
      listening = federation.startQueue(data).catch((error: unknown) => onError(error, 'the federation queue stopped'));
    },
    async close() {
      await queue.close();
      await listening;
    },
  };
}
