import type { EntityManager } from '@mikro-orm/core';
import { decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { OutboxMessage } from '../notification/outbox-message.entity.js';
import { clampPageSize } from '../article/article.service.js';
import { ContactMessage, type InquiryTypeValue } from './contact-message.entity.js';
import { INQUIRY_LABELS, validateContactMessage, type ContactMessageInput } from './contact.validation.js';
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

export interface InquiryPage {
  nodes: InquiryView[];
  cursors: string[];
  hasNextPage: boolean;
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
    subject: `${flag}${message.reference} ${INQUIRY_LABELS[message.inquiryType]}: ${message.subject}`,
    text: [
      `Reference: ${message.reference}`,
      `Type: ${INQUIRY_LABELS[message.inquiryType]}${message.priority ? ' (priority, same-day reply promised)' : ''}`,
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
      const message = tx.create(ContactMessage, { ...input, priority: input.inquiryType === 'domain', createdAt: new Date() });
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
  async list(query: { first?: number | null; after?: string | null; type?: InquiryTypeValue | null } = {}): Promise<InquiryPage> {
    const size = clampPageSize(query.first, 50);
    const where: Record<string, unknown>[] = [];
    if (query.type) where.push({ inquiryType: query.type });
    if (query.after) {
      const { at, id } = decodeCursor(query.after);
      where.push({ $or: [{ createdAt: { $lt: at } }, { createdAt: at, id: { $lt: id } }] });
    }
    const rows = await this.em.find(ContactMessage, where.length ? { $and: where } : {}, {
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      limit: size + 1,
    });
    const nodes = rows.slice(0, size).map(toInquiryView);
    return { nodes, cursors: nodes.map((n) => encodeCursor(n.createdAt, n.id)), hasNextPage: rows.length > size };
  }
}
