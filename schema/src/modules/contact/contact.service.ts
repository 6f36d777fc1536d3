import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { DEFAULT_INQUIRY_PAGE_SIZE, findKeysetPage, type Page, type PageQuery } from '../../lib/pagination.js';
import { OutboxMessage } from '../notification/outbox-message.entity.js';
import { ContactMessage } from './contact-message.entity.js';
import { validateContactMessage, type ContactMessageInput } from './contact.validation.js';
import { INQUIRY_TYPE_LABELS, type InquiryTypeValue, PRIORITY_INQUIRY_TYPE } from './inquiry-types.js';
import { type SubmissionLimiter, unlimited } from './submission-limiter.js';

export interface ContactReceipt {
  id: number;
  /** What the owner and the sender quote in later correspondence. */
  reference: string;
  receivedAt: Date;
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
}

export function inquiryReference(id: number): string {
  return `INQ-${String(id).padStart(6, '0')}`;
}

export function toInquiryView(m: ContactMessage): InquiryView {
  return {
    id: m.id,
    reference: inquiryReference(m.id),
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
    inquiryType: m.inquiryType as InquiryTypeValue,
    priority: m.priority,
    createdAt: m.createdAt,
  };
}

/** The owner's e-mail for one inquiry; domain purchases are flagged for a same-day answer. */
export function notificationFor(message: InquiryView, ownerEmail: string) {
  const flag = message.priority ? '[PRIORITY: same-day reply] ' : '';
  return {
    to: ownerEmail,
    replyTo: message.email,
    subject: `${flag}${message.reference} ${INQUIRY_TYPE_LABELS[message.inquiryType]}: ${message.subject}`,
    text: [
      `Reference: ${message.reference}`,
      `Type: ${INQUIRY_TYPE_LABELS[message.inquiryType]}${message.priority ? ' (priority, same-day reply promised)' : ''}`,
      `From: ${message.name} <${message.email}>`,
      `Received: ${message.createdAt.toISOString()}`,
      '',
      message.message,
    ].join('\n'),
  };
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
   * Validates, applies the per-client limit, then stores the inquiry and its notification in one
   * transaction: the receipt is only returned once both are committed. A filled honeypot field
   * marks a bot, which gets a receipt-shaped answer and nothing stored.
   */
  async submit(raw: unknown, options: { clientKey?: string } = {}): Promise<ContactReceipt> {
    const { website, ...input } = validateContactMessage(raw);
    const clientKey = options.clientKey ?? 'anonymous';
    await this.limiter.assertAllowed(clientKey);
    if (website) {
      await this.limiter.record(clientKey);
      return { id: 0, reference: inquiryReference(0), receivedAt: new Date() };
    }
    const message = await this.store(input);
    await this.limiter.record(clientKey);
    return { id: message.id, reference: message.reference, receivedAt: message.createdAt };
  }

  private async store(input: Omit<ContactMessageInput, 'website'>): Promise<InquiryView> {
    return this.em.transactional(async (tx) => {
      const message = tx.create(ContactMessage, { ...input, priority: input.inquiryType === PRIORITY_INQUIRY_TYPE, createdAt: new Date() });
      await tx.flush();
      const view = toInquiryView(message);
      tx.create(OutboxMessage, {
        kind: 'inquiry-notification',
        payload: notificationFor(view, this.settings.ownerEmail),
        priority: view.priority,
        nextAttemptAt: new Date(),
      });
      return view;
    });
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
      toView: toInquiryView,
    });
  }
}
