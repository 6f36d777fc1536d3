import type { Federation } from '@fedify/fedify';
import { type ArticleView, fediverseRepliesTag, type FediverseReplyRecord, NotFoundError, notifyContentChange, type Services } from '../../../schema/src/index.js';
import { fediverseAccount, SITE_ACTOR } from '../../../web/src/entry-server.js';
import type { Config } from '../config/config.js';
import { DatabaseKvStore } from './database-stores.js';
import type { FederationData, SiteFederation, SiteFederationOptions } from './site-federation.js';

/** A reply from the fediverse to a story: plain text, held until an editor approves it. */
export type FediverseReply = FediverseReplyRecord;

export interface FollowerCount {
  /** `@{username}@{domain}`. */
  handle: string;
  name: string;
  followers: number;
}

/**
 * The site on the fediverse (decision 101). Fedify and its dependencies (about 16 MB of heap once
 * imported) load with the first ActivityPub request, the first story sent to a follower, or at
 * start when deliveries of an earlier run are waiting (decision 136): a site nobody federates
 * with, and every reader of its pages, never carries them. Followers, replies and the publisher's
 * marks are rows of the site's database, read without Fedify.
 */
export interface FediverseSite {
  /** The publisher's marks (and Fedify's keys and cached documents, once loaded). */
  kv: DatabaseKvStore;
  /** Fedify's request handler, loaded on the first call. */
  federation(): Promise<Federation<FederationData>>;
  /** Followers per account for the owner: the site's always, every other account with any, most followed first. */
  followerCounts(services: Services): Promise<FollowerCount[]>;
  /** Replies to a story, pending and approved. */
  replies(services: Services, articleId: number): Promise<FediverseReply[]>;
  /** Approves a reply so readers see it; NotFoundError when the story has no such reply. */
  approveReply(services: Services, articleId: number, replyId: string): Promise<FediverseReply>;
  /** Removes a reply, held or approved (readers no longer see it); NotFoundError when the story has no such reply. */
  removeReply(services: Services, articleId: number, replyId: string): Promise<FediverseReply>;
  /** Sends a story's Create, Update or Delete to the followers of its accounts; nothing when nobody follows any. */
  send(services: Services, kind: 'Create' | 'Update' | 'Delete', story: ArticleView | { id: number; categorySlug: string; authorSlug: string | null }): Promise<void>;
  /** Handles queued deliveries: loads Fedify now if an earlier run left some, else when it loads. */
  start(): void;
  /** Stops after the delivery in hand, if Fedify was loaded. */
  close(): Promise<void>;
  /** Whether Fedify has been loaded (or is loading). */
  loaded(): boolean;
}

/** How long start waits before it asks the database again for waiting deliveries, after it could not answer. */
export const WAITING_RETRY_MS = 30_000;

export function createFediverseSite(config: Config, options: Omit<SiteFederationOptions, 'kv'>): FediverseSite {
  const { services, onError = () => {} } = options;
  const store = () => services().fediverseStore;
  const kv = new DatabaseKvStore(store, (error) => onError(error, 'purging expired federation entries failed'));
  let loading: Promise<SiteFederation> | null = null;
  let started = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const load = (): Promise<SiteFederation> =>
    (loading ??= import('./site-federation.js').then(({ createSiteFederation }) => {
      const site = createSiteFederation(config, { ...options, kv });
      if (started) site.start();
      return site;
    }));

  return {
    kv,
    federation: async () => (await load()).federation,
    async followerCounts(services) {
      const [categories, authors] = await Promise.all([services.categories.list(), services.authors.list()]);
      const accounts = new Map<string, string>([[SITE_ACTOR, config.siteName]]);
      // The names WebFinger answers: a category's account comes before an author's of the same slug.
      for (const c of categories) if (!accounts.has(c.slug)) accounts.set(c.slug, `${config.siteName}: ${c.name}`);
      for (const a of authors) if (!accounts.has(a.slug)) accounts.set(a.slug, a.name);
      const counts = await services.fediverseFollowers.counts();
      const counted = [...accounts].map(([identifier, name]) => ({ identifier, handle: fediverseAccount(config.siteUrl, identifier).handle, name, followers: counts.get(identifier) ?? 0 }));
      return counted
        .filter((a) => a.identifier === SITE_ACTOR || a.followers > 0)
        .sort((a, b) => b.followers - a.followers || a.handle.localeCompare(b.handle))
        .map(({ handle, name, followers: count }) => ({ handle, name, followers: count }));
    },
    replies: (services, articleId) => services.fediverseReplyStore.replies(articleId),
    async approveReply(services, articleId, replyId) {
      const reply = await services.fediverseReplyStore.approve(articleId, replyId);
      if (!reply) throw new NotFoundError(`Article ${articleId} has no reply ${replyId.slice(0, 200)}`);
      // The story's page and its GraphQL answers show approved replies: they are stale now, here and in every other process.
      notifyContentChange(['FediverseReply'], [fediverseRepliesTag(articleId)]);
      return reply;
    },
    async removeReply(services, articleId, replyId) {
      const reply = await services.fediverseReplyStore.remove(articleId, replyId);
      if (!reply) throw new NotFoundError(`Article ${articleId} has no reply ${replyId.slice(0, 200)}`);
      // Only an approved reply was on the story's page.
      if (reply.approved) notifyContentChange(['FediverseReply'], [fediverseRepliesTag(articleId)]);
      return reply;
    },
    async send(services, kind, story) {
      const counts = await services.fediverseFollowers.counts();
      if (![...counts.values()].some((followers) => followers > 0)) return;
      await (await load()).send(services, kind, story);
    },
    start() {
      if (started) return;
      started = true;
      if (loading) {
        void loading.then((site) => site.start());
        return;
      }
      // Deliveries an earlier run left: looked for again a while later when the database cannot say.
      const lookForWaiting = () => {
        store()
          .waiting()
          .then((waiting) => (waiting > 0 ? load() : undefined))
          .catch((error: unknown) => {
            onError(error, 'looking for deliveries left by an earlier run failed; looking again in 30 s');
            if (!closed && !loading) retry = setTimeout(lookForWaiting, WAITING_RETRY_MS).unref();
          });
      };
      lookForWaiting();
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      if (loading) await (await loading).close();
    },
    loaded: () => loading !== null,
  };
}
