import { createHash } from 'node:crypto';
import { type EntityManager, type FilterQuery, UniqueConstraintViolationException } from '@mikro-orm/core';
import { asWriteDomainError, isWriteOutcomeUnknown, RETRY_AFTER_SECONDS } from '../../lib/database-errors.js';
import { IdempotencyKeyReusedError, ServiceUnavailableError, ValidationError } from '../../lib/errors.js';
import { DEFAULT_INQUIRY_PAGE_SIZE, findKeysetPage, type Page, type PageQuery } from '../../lib/pagination.js';
import { OutboxMessage } from '../notification/outbox-message.entity.js';
import { ContactMessage } from './contact-message.entity.js';
import { IdempotencyKey } from './idempotency-key.entity.js';
import { validateContactMessage, type ContactMessageInput } from './contact.validation.js';
import { type DomainOffer, formatAbn, OFFER_TIMEFRAME_LABELS, type OfferTimeframe } from './domain-offer.js';
import { acknowledgementTemplate, type AcknowledgementTemplate, type InquirySender, withReference } from './inquiry-acknowledgement-mail.js';
import { INQUIRY_TYPE_LABELS, type InquiryTypeValue, PRIORITY_INQUIRY_TYPE } from './inquiry-types.js';
import { type SubmissionLimiter, unlimited } from './submission-limiter.js';

export interface ContactReceipt {
  id: number;
  /** What the owner and the sender quote in later correspondence. */
  reference: string;
  receivedAt: Date;
  /** True when this answers a repeat of an earlier request with the same Idempotency-Key. */
  replayed?: boolean;
  /** A domain offer at or above the Buy-Now price (SALE_PRICE_AUD). */
  meetsAskingPrice?: boolean;
}

/** How long an Idempotency-Key is remembered: a repeat within this answers the original receipt. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1_000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * An Idempotency-Key as sent: 1 to 255 visible ASCII characters, optionally as a quoted string
 * (the IETF draft's structured-header form, `"8e03978e-…"`). Names the key when it is malformed.
 */
export function parseIdempotencyKey(raw: unknown, field = 'Idempotency-Key'): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const text = typeof raw === 'string' ? raw.trim().replace(/^"(.*)"$/, '$1') : null;
  if (text === null || !/^[\x21-\x7e]{1,255}$/.test(text)) {
    throw new ValidationError(`${field} must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters, e.g. a UUID`, [
      { field, message: `Must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters` },
    ]);
  }
  return text;
}

export interface SubmitOptions {
  clientKey?: string;
  /** The client's Idempotency-Key: a repeat of the same message answers the original receipt. */
  idempotencyKey?: string;
}

export interface InquiryView {
  id: number;
  reference: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  inquiryType: InquiryTypeValue;
  priority: boolean;
  /** A domain purchase's offer, or null. */
  offer: DomainOffer | null;
  /** The offer is at or above the Buy-Now price. */
  meetsAskingPrice: boolean;
  createdAt: Date;
}

export type InquiryPage = Page<InquiryView>;

export interface InquiryPageQuery extends PageQuery {
  /** Only inquiries of this type. */
  type?: InquiryTypeValue | null;
}

export interface ContactSettings {
  /** Where notifications go (CONTACT_EMAIL). */
  ownerEmail: string;
  limiter?: SubmissionLimiter;
  /**
   * False once the shutdown timeout has passed: a transaction that has not committed yet rolls
   * back instead, because its answer could no longer reach the client.
   */
  acceptingWrites?: () => boolean;
  /** SALE_MIN_OFFER_AUD: domain offers below it are refused. */
  minOfferAud?: number | null;
  /** SALE_PRICE_AUD: an offer at or above it meets the asking price. */
  salePriceAud?: number | null;
  /** Given: the sender of a stored inquiry gets an acknowledgement through the outbox. */
  sender?: InquirySender;
}

/** An offer at or above the Buy-Now price meets the asking price. */
export function meetsAskingPrice(offer: Pick<DomainOffer, 'amountAud'> | null | undefined, salePriceAud: number | null | undefined): boolean {
  return !!offer && salePriceAud !== null && salePriceAud !== undefined && offer.amountAud >= salePriceAud;
}

export function inquiryReference(id: number): string {
  return `INQ-${String(id).padStart(6, '0')}`;
}

export function toInquiryView(m: ContactMessage, salePriceAud?: number | null): InquiryView {
  const view = {
    id: m.id,
    reference: inquiryReference(m.id),
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
    inquiryType: m.inquiryType as InquiryTypeValue,
    priority: m.priority,
    offer:
      m.offerAmountAud === null || m.offerAmountAud === undefined
        ? null
        : { amountAud: m.offerAmountAud, company: m.offerCompany ?? null, abn: m.offerAbn ?? null, timeframe: m.offerTimeframe as OfferTimeframe },
    createdAt: m.createdAt,
  };
  return { ...view, meetsAskingPrice: meetsAskingPrice(view.offer, salePriceAud) };
}

/** An offer in one line, for the owner's e-mail: A$250,000 from Acme Pty Ltd (ABN 51 824 753 556), within 1 month. */
export function offerSummary(offer: DomainOffer): string {
  const from = offer.company ? ` from ${offer.company}${offer.abn ? ` (ABN ${formatAbn(offer.abn)})` : ''}` : offer.abn ? ` (ABN ${formatAbn(offer.abn)})` : '';
  return `A$${offer.amountAud.toLocaleString('en-AU')}${from}, ${OFFER_TIMEFRAME_LABELS[offer.timeframe].toLowerCase()}`;
}

/** The owner's e-mail for one inquiry; domain purchases are flagged for a same-day answer. */
export function notificationFor(message: InquiryView, ownerEmail: string) {
  const flag = message.priority ? '[PRIORITY: same-day reply] ' : '';
  const offer = message.offer ? ` [OFFER A$${message.offer.amountAud.toLocaleString('en-AU')}${message.meetsAskingPrice ? ', MEETS ASKING PRICE' : ''}]` : '';
  return {
    to: ownerEmail,
    replyTo: message.email,
    subject: `${flag}${message.reference} ${INQUIRY_TYPE_LABELS[message.inquiryType]}${offer}: ${message.subject}`,
    text: [
      `Reference: ${message.reference}`,
      `Type: ${INQUIRY_TYPE_LABELS[message.inquiryType]}${message.priority ? ' (priority, same-day reply promised)' : ''}`,
      ...(message.offer ? [`Offer: ${offerSummary(message.offer)}${message.meetsAskingPrice ? ' (meets the asking price)' : ''}`] : []),
      `From: ${message.name} <${message.email}>`,
      `Received: ${message.createdAt.toISOString()}`,
      '',
      message.message,
    ].join('\n'),
  };
}

/** The fingerprint of a validated message: the same message, however its JSON was spelled. */
function requestHash(input: Omit<ContactMessageInput, 'website'>): string {
  // An inquiry without an offer keeps the fingerprint it had before offers existed.
  const canonical = JSON.stringify([input.name, input.email, input.subject, input.message, input.inquiryType, ...(input.offer ? [input.offer] : [])]);
  return createHash('sha256').update(canonical).digest('hex');
}

export class ContactService {
  private readonly limiter: SubmissionLimiter;

  constructor(
    private readonly em: EntityManager,
    private readonly settings: ContactSettings = { ownerEmail: 'owner@localhost' },
  ) {
    this.limiter = settings.limiter ?? unlimited;
  }

  /**
   * Validates, applies the per-client limit, then stores the inquiry and its notification (and
   * the Idempotency-Key, when given) in one transaction: the receipt is only returned once all are
   * committed. A repeat of a key with the same message within 24 hours answers the original
   * receipt and stores nothing; the same key with a different message is refused (422). A filled
   * honeypot field marks a bot, which gets a receipt-shaped answer and nothing stored.
   */
  async submit(raw: unknown, options: SubmitOptions = {}): Promise<ContactReceipt> {
    const { website, ...input } = validateContactMessage(raw, { minOfferAud: this.settings.minOfferAud });
    const clientKey = options.clientKey ?? 'anonymous';
    const key = options.idempotencyKey === undefined ? undefined : { value: options.idempotencyKey, hash: requestHash(input) };
    if (key) {
      const earlier = await this.replay(key);
      if (earlier) return earlier;
    }
    // Taken before the write, atomically: concurrent inquiries cannot all pass one check.
    await this.limiter.consume(clientKey);
    // A bot keeps its point: it gets a receipt-shaped answer and nothing is stored.
    if (website) return { id: 0, reference: inquiryReference(0), receivedAt: new Date() };
    let message: InquiryView;
    try {
      message = await this.store(input, key);
    } catch (error) {
      // Nothing new was stored (unless the outcome is unknown): the point goes back.
      if (!isWriteOutcomeUnknown(error)) await this.limiter.refund(clientKey).catch(() => undefined);
      // Another request with the same key committed first: answer as a repeat of it.
      if (key && error instanceof UniqueConstraintViolationException) {
        const earlier = await this.replay(key);
        if (earlier) return earlier;
      }
      throw error;
    }
    return { id: message.id, reference: message.reference, receivedAt: message.createdAt, meetsAskingPrice: message.meetsAskingPrice };
  }

  /** The receipt of an earlier request under this key (within 24 hours), or null; 422 for a different message. */
  private async replay(key: { value: string; hash: string }): Promise<ContactReceipt | null> {
    let stored: IdempotencyKey | null;
    try {
      stored = await this.em.fork().findOne(IdempotencyKey, { key: key.value }, { populate: ['inquiry'] });
    } catch (error) {
      throw asWriteDomainError(error) ?? error;
    }
    if (!stored || stored.createdAt.getTime() < Date.now() - IDEMPOTENCY_KEY_TTL_MS) return null;
    if (stored.requestHash !== key.hash) {
      throw new IdempotencyKeyReusedError(
        'This Idempotency-Key was already used for a different message: send a new key with each new message (a retry of the same message reuses its key).',
      );
    }
    const inquiry = stored.inquiry;
    const meets = meetsAskingPrice(inquiry.offerAmountAud == null ? null : { amountAud: inquiry.offerAmountAud }, this.settings.salePriceAud);
    return { id: inquiry.id, reference: inquiryReference(inquiry.id), receivedAt: inquiry.createdAt, replayed: true, meetsAskingPrice: meets };
  }

  private async store(input: Omit<ContactMessageInput, 'website'>, key?: { value: string; hash: string }): Promise<InquiryView> {
    let committing = false;
    // Composed before the transaction: the reference is filled in once stored.
    const sender = this.settings.sender;
    const acknowledgement: AcknowledgementTemplate | undefined = sender
      ? acknowledgementTemplate(sender, input.inquiryType, meetsAskingPrice(input.offer, this.settings.salePriceAud))
      : undefined;
    try {
      return await this.em.transactional(async (tx) => {
        const { offer, ...fields } = input;
        const message = tx.create(ContactMessage, {
          ...fields,
          priority: input.inquiryType === PRIORITY_INQUIRY_TYPE,
          offerAmountAud: offer?.amountAud ?? null,
          offerCompany: offer?.company ?? null,
          offerAbn: offer?.abn ?? null,
          offerTimeframe: offer?.timeframe ?? null,
          createdAt: new Date(),
        });
        await tx.flush();
        const view = toInquiryView(message, this.settings.salePriceAud);
        tx.create(OutboxMessage, {
          kind: 'inquiry-notification',
          payload: notificationFor(view, this.settings.ownerEmail),
          priority: view.priority,
          nextAttemptAt: new Date(),
        });
        // The sender's receipt: only for a stored inquiry, so the inquiry limit bounds it too.
        if (acknowledgement && sender) {
          tx.create(OutboxMessage, {
            kind: 'inquiry-acknowledgement',
            payload: { to: view.email, replyTo: sender.contactEmail, ...withReference(acknowledgement, view.reference) },
            priority: view.priority,
            nextAttemptAt: new Date(),
          });
        }
        if (key) {
          // A key older than 24 hours is free again.
          await tx.nativeDelete(IdempotencyKey, { key: key.value, createdAt: { $lt: new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS) } });
          tx.create(IdempotencyKey, { key: key.value, requestHash: key.hash, inquiry: message, createdAt: new Date() });
        }
        await tx.flush();
        // Past the shutdown timeout an answer could not reach the client: roll back instead.
        if (this.settings.acceptingWrites && !this.settings.acceptingWrites()) {
          throw new ServiceUnavailableError('The server is restarting: nothing was stored. Please try again in a moment.', RETRY_AFTER_SECONDS['shutting-down'], 'shutting-down');
        }
        committing = true;
        return view;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw error;
      throw asWriteDomainError(error, { committing }) ?? error;
    }
  }

  /** Forgets Idempotency-Keys older than 24 hours; returns how many. */
  async purgeExpiredIdempotencyKeys(now = new Date()): Promise<number> {
    return this.em.fork().nativeDelete(IdempotencyKey, { createdAt: { $lt: new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS) } });
  }

  /** The owner's view: newest first, optionally one inquiry type, keyset-paginated. */
  async list(query: InquiryPageQuery = {}): Promise<InquiryPage> {
    const where: FilterQuery<ContactMessage>[] = query.type ? [{ inquiryType: query.type }] : [];
    return findKeysetPage(this.em, ContactMessage, {
      first: query.first,
      after: query.after,
      defaultSize: DEFAULT_INQUIRY_PAGE_SIZE,
      orderedBy: 'createdAt',
      where,
      toView: (m: ContactMessage) => toInquiryView(m, this.settings.salePriceAud),
    });
  }
}
