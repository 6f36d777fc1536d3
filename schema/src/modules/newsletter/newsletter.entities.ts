import { defineEntity, p } from '@mikro-orm/core';
import type { NewsletterFrequency } from './newsletter-options.js';

/**
 * A reader's subscription and its consent record: the address, categories (empty: all),
 * frequency and whether breaking-news alerts are wanted, when and on which page consent was given, and when it was confirmed. The nonce makes
 * the confirmation link single-use; nothing else about the reader is kept.
 */
const NewsletterSubscriberSchema = defineEntity({
  name: 'NewsletterSubscriber',
  tableName: 'newsletter_subscriber',
  properties: {
    id: p.integer().primary(),
    email: p.string().length(254).unique('newsletter_subscriber_email_unique'),
    categories: p.json<string[]>(),
    frequency: p.string().length(10).$type<NewsletterFrequency>(),
    /** Also an e-mail when an editor flags a story breaking (optional, off unless chosen). */
    breakingAlerts: p.boolean().default(false),
    consentAt: p.datetime(),
    consentPage: p.string().length(300),
    confirmedAt: p.datetime().nullable(),
    unsubscribedAt: p.datetime().nullable(),
    confirmNonce: p.string().length(32).nullable(),
    confirmSentAt: p.datetime().nullable(),
  },
});

export class NewsletterSubscriber extends NewsletterSubscriberSchema.class {}
NewsletterSubscriberSchema.setClass(NewsletterSubscriber);

/** One digest queued for one subscriber: the unique pair is what makes a digest go out once. */
const NewsletterDeliverySchema = defineEntity({
  name: 'NewsletterDelivery',
  tableName: 'newsletter_delivery',
  properties: {
    id: p.integer().primary(),
    subscriber: () => p.manyToOne(NewsletterSubscriber).deleteRule('cascade'),
    digestKey: p.string().length(40),
    /** Null when the subscriber had nothing new in this digest (nothing sent). */
    outboxMessageId: p.integer().nullable(),
    createdAt: p.datetime(),
  },
  uniques: [{ name: 'newsletter_delivery_subscriber_digest_unique', properties: ['subscriber', 'digestKey'] }],
});

export class NewsletterDelivery extends NewsletterDeliverySchema.class {}
NewsletterDeliverySchema.setClass(NewsletterDelivery);

/** An Idempotency-Key of a subscription request: a repeat answers the same and sends nothing. */
const NewsletterRequestKeySchema = defineEntity({
  name: 'NewsletterRequestKey',
  tableName: 'newsletter_request_key',
  properties: {
    key: p.string().length(255).primary(),
    requestHash: p.string().length(64),
    createdAt: p.datetime(),
  },
});

export class NewsletterRequestKey extends NewsletterRequestKeySchema.class {}
NewsletterRequestKeySchema.setClass(NewsletterRequestKey);

export const newsletterEntities = [NewsletterSubscriber, NewsletterDelivery, NewsletterRequestKey];
