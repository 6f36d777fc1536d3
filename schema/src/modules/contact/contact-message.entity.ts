import { defineEntity, p } from '@mikro-orm/core';
import { DEFAULT_INQUIRY_TYPE, INQUIRY_TYPES } from './inquiry-types.js';

const ContactMessageSchema = defineEntity({
  name: 'ContactMessage',
  tableName: 'contact_message',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(100),
    email: p.string().length(254),
    subject: p.string().length(200),
    message: p.text(),
    inquiryType: p.enum(() => INQUIRY_TYPES).default(DEFAULT_INQUIRY_TYPE),
    /** Domain purchase inquiries are promised a same-day answer. */
    priority: p.boolean().default(false),
    /** A domain offer's structured fields (null for every other inquiry). */
    offerAmountAud: p.integer().nullable(),
    offerCompany: p.string().length(200).nullable(),
    offerAbn: p.string().length(11).nullable(),
    offerTimeframe: p.string().length(20).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  // The owner reads inquiries newest first, optionally by type.
  indexes: [
    { name: 'contact_message_created_at_idx', properties: ['createdAt'] },
    { name: 'contact_message_inquiry_type_created_at_idx', properties: ['inquiryType', 'createdAt'] },
  ],
});

export class ContactMessage extends ContactMessageSchema.class {}
ContactMessageSchema.setClass(ContactMessage);
export { ContactMessageSchema };
