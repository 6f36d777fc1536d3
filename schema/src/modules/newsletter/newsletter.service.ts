import { createHash, randomBytes } from 'node:crypto';
import { type EntityManager, LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Clock } from '../../lib/clock.js';
import { IdempotencyKeyReusedError, ValidationError } from '../../lib/errors.js';
import type { CategoryService } from '../category/category.service.js';
import { IDEMPOTENCY_KEY_TTL_MS } from '../contact/contact.service.js';
import { type SubmissionLimiter, unlimited } from '../contact/submission-limiter.js';
import { OutboxMessage } from '../notification/outbox-message.entity.js';
import { confirmationMail, type NewsletterSender } from './newsletter-mail.js';
import { NewsletterRequestKey, NewsletterSubscriber } from './newsletter.entities.js';
import { CONFIRMATION_RESEND_MS, CONFIRMATION_TTL_MS, type NewsletterFrequency, SUBSCRIBE_ANSWER } from './newsletter-options.js';
import { NewsletterTokens } from './newsletter-tokens.js';
import { type SubscriptionInput, validatePreferences, validateSubscription } from './newsletter.validation.js';

export interface NewsletterSettings {
  sender: NewsletterSender;
  /** NEWSLETTER_SECRET: signs confirmation and manage links. */
  secret: string;
  /** Accepted subscription requests per client (the site's limit, shared with GraphQL). */
  limiter?: SubmissionLimiter;
}

export interface SubscribeOptions {
  clientKey?: string;
  idempotencyKey?: string;
}

export interface SubscribeAnswer {
  message: string;
  replayed?: boolean;
}

export interface NewsletterPreferences {
  email: string;
  categories: string[];
  frequency: NewsletterFrequency;
  breakingAlerts: boolean;
  subscribed: boolean;
}

/** Outside the gateway (tests, CLIs): a loopback sender and a secret of this process alone. */
export function defaultNewsletterSettings(): NewsletterSettings {
  return { sender: { siteUrl: 'http://localhost:3000', siteName: 'AusTech News', contactEmail: 'owner@localhost' }, secret: randomBytes(32).toString('hex') };
}

const requestHash = (input: SubscriptionInput) => createHash('sha256').update(JSON.stringify([input.email, input.categories, input.frequency, input.breakingAlerts, input.page])).digest('hex');

export class NewsletterService {
  private readonly tokens: NewsletterTokens;
  private readonly limiter: SubmissionLimiter;

  constructor(
    private readonly em: EntityManager,
    private readonly categories: CategoryService,
    private readonly clock: Clock,
    private readonly settings: NewsletterSettings,
  ) {
    this.tokens = new NewsletterTokens(settings.secret);
    this.limiter = settings.limiter ?? unlimited;
  }

  get sender(): NewsletterSender {
    return this.settings.sender;
  }

  manageToken(subscriberId: number): string {
    return this.tokens.manageToken(subscriberId);
  }

  /**
   * Records consent and queues the one confirmation e-mail. The answer is the same whether the
   * address was new, pending, confirmed or a bot's (honeypot): nothing tells who subscribes. A
   * pending address gets a new confirmation at most every ten minutes; a confirmed one nothing.
   */
  async subscribe(raw: unknown, options: SubscribeOptions = {}): Promise<SubscribeAnswer> {
    const input = validateSubscription(raw);
    await this.checkCategories(input.categories);
    const hash = requestHash(input);
    if (options.idempotencyKey !== undefined) {
      const earlier = await this.em.fork().findOne(NewsletterRequestKey, { key: options.idempotencyKey });
      if (earlier && earlier.createdAt.getTime() >= this.clock().getTime() - IDEMPOTENCY_KEY_TTL_MS) {
        if (earlier.requestHash !== hash) throw new IdempotencyKeyReusedError('This Idempotency-Key was already used for a different subscription request: send a new key with each new request.');
        return { message: SUBSCRIBE_ANSWER, replayed: true };
      }
    }
    const clientKey = options.clientKey ?? 'anonymous';
    await this.limiter.consume(clientKey);
    if (input.website) return { message: SUBSCRIBE_ANSWER };
    try {
      await this.em.fork().transactional(async (tx) => {
        const now = this.clock();
        if (options.idempotencyKey !== undefined) {
          await tx.nativeDelete(NewsletterRequestKey, { key: options.idempotencyKey });
          tx.create(NewsletterRequestKey, { key: options.idempotencyKey, requestHash: hash, createdAt: now });
        }
        let subscriber = await tx.findOne(NewsletterSubscriber, { email: input.email }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (subscriber?.confirmedAt && !subscriber.unsubscribedAt) return;
        if (subscriber?.confirmSentAt && !subscriber.unsubscribedAt && now.getTime() - subscriber.confirmSentAt.getTime() < CONFIRMATION_RESEND_MS) return;
        const fields = { categories: input.categories, frequency: input.frequency, breakingAlerts: input.breakingAlerts, consentAt: now, consentPage: input.page, confirmedAt: null, unsubscribedAt: null, confirmNonce: randomBytes(12).toString('base64url'), confirmSentAt: now };
        if (subscriber) tx.assign(subscriber, fields);
        else subscriber = tx.create(NewsletterSubscriber, { email: input.email, ...fields });
        await tx.flush();
        const confirm = this.tokens.confirmToken(subscriber.id, now.getTime() + CONFIRMATION_TTL_MS, fields.confirmNonce);
        const mail = confirmationMail(this.sender, input.email, confirm, this.tokens.manageToken(subscriber.id));
        // Due at once by the outbox worker's own time.
        tx.create(OutboxMessage, { kind: 'newsletter-confirmation', payload: mail, priority: true, nextAttemptAt: new Date() });
      });
    } catch (error) {
      // A concurrent request for the same address (or key) stored first: it sends the confirmation.
      if (error instanceof UniqueConstraintViolationException) return { message: SUBSCRIBE_ANSWER };
      await this.limiter.refund(clientKey).catch(() => undefined);
      throw error;
    }
    return { message: SUBSCRIBE_ANSWER };
  }

  /** Confirms consent once; a forged, expired or used link is refused with 400 naming `token`. */
  async confirm(token: unknown): Promise<{ message: string; manageToken: string }> {
    const claim = this.tokens.verify(token);
    if (claim.kind !== 'confirm') throw tokenProblem('This is not a confirmation link.');
    if (claim.expiresAt < this.clock().getTime()) throw tokenProblem('This confirmation link has expired: subscribe again to get a new one.');
    return this.em.fork().transactional(async (tx) => {
      const subscriber = await tx.findOne(NewsletterSubscriber, { id: claim.subscriberId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!subscriber || subscriber.confirmNonce !== claim.nonce) throw tokenProblem('This confirmation link has already been used or replaced by a newer one.');
      subscriber.confirmedAt = this.clock();
      subscriber.confirmNonce = null;
      return { message: 'Your subscription is confirmed. Your first digest arrives at 7 am Sydney time.', manageToken: this.tokens.manageToken(subscriber.id) };
    });
  }

  /** One-click unsubscribe: at once, and again without error. */
  async unsubscribe(token: unknown): Promise<{ message: string }> {
    const subscriber = await this.byManageToken(token);
    if (!subscriber.unsubscribedAt) {
      subscriber.unsubscribedAt = this.clock();
      subscriber.confirmNonce = null;
      await this.em.flush();
    }
    return { message: 'You are unsubscribed: no more newsletters will be sent to this address.' };
  }

  async preferences(token: unknown): Promise<NewsletterPreferences> {
    return toPreferences(await this.byManageToken(token));
  }

  async updatePreferences(token: unknown, raw: unknown): Promise<NewsletterPreferences> {
    const input = validatePreferences(raw);
    await this.checkCategories(input.categories);
    const subscriber = await this.byManageToken(token);
    subscriber.categories = input.categories;
    subscriber.frequency = input.frequency;
    subscriber.breakingAlerts = input.breakingAlerts;
    await this.em.flush();
    return toPreferences(subscriber);
  }

  /**
   * Confirmed subscribers still subscribed, by id after `after`, at most `first`: the export reads
   * them a page at a time.
   */
  async confirmedPage(after: number, first: number): Promise<{ id: number; email: string; frequency: NewsletterFrequency; confirmedAt: Date }[]> {
    const rows = await this.em.fork().find(
      NewsletterSubscriber,
      { id: { $gt: after }, confirmedAt: { $ne: null }, unsubscribedAt: null },
      { fields: ['id', 'email', 'frequency', 'confirmedAt'], orderBy: { id: 'asc' }, limit: first },
    );
    return rows.map((row) => ({ id: row.id, email: row.email, frequency: row.frequency, confirmedAt: row.confirmedAt! }));
  }

  private async byManageToken(token: unknown): Promise<NewsletterSubscriber> {
    const claim = this.tokens.verify(token);
    if (claim.kind !== 'manage') throw tokenProblem('This is not a subscription link.');
    const subscriber = await this.em.findOne(NewsletterSubscriber, { id: claim.subscriberId });
    if (!subscriber) throw tokenProblem('This subscription no longer exists.');
    return subscriber;
  }

  private async checkCategories(slugs: readonly string[]): Promise<void> {
    if (!slugs.length) return;
    const known = new Set((await this.categories.list()).map((c) => c.slug));
    const unknown = slugs.filter((slug) => !known.has(slug));
    if (unknown.length) throw new ValidationError(`Unknown categories: ${unknown.join(', ')}`, [{ field: 'categories', message: `Unknown categories: ${unknown.join(', ')}` }]);
  }
}

function tokenProblem(message: string): ValidationError {
  return new ValidationError(message, [{ field: 'token', message }]);
}

function toPreferences(subscriber: NewsletterSubscriber): NewsletterPreferences {
  return { email: subscriber.email, categories: subscriber.categories, frequency: subscriber.frequency, breakingAlerts: subscriber.breakingAlerts, subscribed: Boolean(subscriber.confirmedAt && !subscriber.unsubscribedAt) };
}
