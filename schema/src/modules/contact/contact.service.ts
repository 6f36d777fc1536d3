import type { EntityManager } from '@mikro-orm/core';
import { ContactMessage } from './contact-message.entity.js';
import { validateContactMessage } from './contact.validation.js';

export interface ContactReceipt {
  id: number;
  /** What the owner and the sender quote in later correspondence. */
  reference: string;
  receivedAt: Date;
}

export function inquiryReference(id: number): string {
  return `INQ-${String(id).padStart(6, '0')}`;
}

export class ContactService {
  constructor(private readonly em: EntityManager) {}

  /** Validates, then answers only once the row is committed: a receipt always means stored. */
  async submit(raw: unknown): Promise<ContactReceipt> {
    const input = validateContactMessage(raw);
    const message = this.em.create(ContactMessage, { ...input, createdAt: new Date() });
    await this.em.persist(message).flush();
    return { id: message.id, reference: inquiryReference(message.id), receivedAt: message.createdAt };
  }
}
