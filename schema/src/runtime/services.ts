import type { EntityManager } from '@mikro-orm/core';
import { type Clock, systemClock } from '../lib/clock.js';
import { AnalyticsService } from '../modules/analytics/analytics.service.js';
import { MostReadService } from '../modules/analytics/most-read.service.js';
import { ApiKeyService } from '../modules/api-key/api-key.service.js';
import { ArticleCoverService, type ImageWork } from '../modules/article/article-cover.service.js';
import { ArticleEditingService } from '../modules/article/article-editing.service.js';
import { ArticleService } from '../modules/article/article.service.js';
import { AuthorService } from '../modules/author/author.service.js';
import { BreakingNewsService } from '../modules/breaking-news/breaking-news.service.js';
import { CategoryService } from '../modules/category/category.service.js';
import { ContactService, type ContactSettings } from '../modules/contact/contact.service.js';
import { EditorService } from '../modules/editor/editor.service.js';
import { CorrectionService } from '../modules/correction/correction.service.js';
import { FediverseReplyService, type FediverseReplySource } from '../modules/fediverse/fediverse-reply.service.js';
import { IngestService } from '../modules/ingest/ingest.service.js';
import { NewsletterDigestService } from '../modules/newsletter/newsletter-digest.service.js';
import { defaultNewsletterSettings, NewsletterService, type NewsletterSettings } from '../modules/newsletter/newsletter.service.js';
import { OutboxService } from '../modules/notification/outbox.service.js';
import { PartnerService } from '../modules/partner/partner.service.js';
import { SearchService } from '../modules/search/search.service.js';
import { StandardsPageService } from '../modules/standards/standards-page.service.js';
import { BlockedServersService } from '../modules/fediverse/blocked-servers.service.js';
import { FediverseFollowersService } from '../modules/fediverse/fediverse-followers.service.js';
import { FediverseStoreService } from '../modules/fediverse/fediverse-store.service.js';
import { FediverseReplyStore } from '../modules/fediverse/fediverse-reply-store.js';

/**
 * The one service layer. GraphQL resolvers, REST adapters, the outbox worker and the CLIs call
 * these; none of them touches the ORM. Built around a forked EntityManager (per request, per
 * worker tick), so identity maps and DataLoader caches never leak between units of work.
 */
export interface ServiceSettings {
  contact?: ContactSettings;
  /** "Now" for readers' reads (what is published, expiry, search windows); tests move it. */
  clock?: Clock;
  /** Where uploaded pictures are decoded: the gateway's image queue, shared with cover renders. */
  imageWork?: ImageWork;
  /** The newsroom's preview URL of a cover readers cannot load yet (signed by the gateway's media route). */
  coverPreviewUrl?: (imageUrl: string) => string;
  /** The newsletter's sender and link secret (NEWSLETTER_SECRET) and its subscription limit. */
  newsletter?: NewsletterSettings;
  /** Where replies from the fediverse are read from: the database (FediverseReplyStore) unless a test gives its own. */
  fediverseReplies?: FediverseReplySource;
}

export function createServices(em: EntityManager, settings?: ServiceSettings) {
  const clock = settings?.clock ?? systemClock;
  const categories = new CategoryService(em);
  const articles = new ArticleService(em, categories, clock);
  const articleEditing = new ArticleEditingService(em, categories, settings?.coverPreviewUrl, clock);
  const newsletter = new NewsletterService(em, categories, clock, settings?.newsletter ?? defaultNewsletterSettings());
  return {
    categories,
    articles,
    /** The newsroom's article writes and editors' reads (drafts and scheduled articles included). */
    articleEditing,
    /** Uploaded covers: checked by content, re-encoded, stored in the database (decision 023). */
    articleCovers: new ArticleCoverService(em, articleEditing, settings?.imageWork, clock),
    /** Editor tokens and the one role check of every newsroom and owner route. */
    editors: new EditorService(em),
    /** Partners' API keys: created and revoked by the owner, checked and counted by the gateway. */
    apiKeys: new ApiKeyService(em),
    search: new SearchService(em, categories, clock),
    /** Authors' profiles and their articles (decision 090). */
    authors: new AuthorService(em, clock, settings?.imageWork),
    /** The owner's text of the standards pages, else the text kept with the code (decision 127). */
    standardsPages: new StandardsPageService(em),
    blockedServers: new BlockedServersService(em),
    fediverseFollowers: new FediverseFollowersService(em),
    /** The federation's keys, marks, cached remote documents and delivery queue (decision 131). */
    fediverseStore: new FediverseStoreService(em),
    /** Corrections and clarifications of published articles, kept for good. */
    corrections: new CorrectionService(em, clock),
    /** Approved replies from the fediverse, read from the gateway's store (decision 123). */
    fediverseReplyStore: new FediverseReplyStore(em),
    fediverseReplies: new FediverseReplyService(settings?.fediverseReplies ?? new FediverseReplyStore(em)),
    breakingNews: new BreakingNewsService(em, clock),
    partners: new PartnerService(em),
    contact: new ContactService(em, settings?.contact),
    outbox: new OutboxService(em),
    /** RSS and Atom feeds taken in as articles through articleEditing (decision 022). */
    ingest: new IngestService(em, articleEditing, categories),
    /** The site's own audience figures: the owner's dashboard and the Domain Report read them. */
    analytics: new AnalyticsService(em),
    /** Double opt-in subscriptions, their signed links, and the morning digests (decision 095). */
    newsletter,
    newsletterDigests: new NewsletterDigestService(em, newsletter, clock),
    /** What readers opened most, from the page-view counts. */
    mostRead: new MostReadService(em, clock),
  };
}

export type Services = ReturnType<typeof createServices>;
