import { defineEntity, p } from '@mikro-orm/core';
import { ContactMessage } from './contact-message.entity.js';

/**
 * An Idempotency-Key a client sent with an inquiry, stored in the same transaction as the inquiry:
 * a key is never stored without its inquiry, nor an inquiry that came with a key without it. A
 * repeat within 24 hours answers the original receipt; the request's fingerprint tells a repeat
 * from a different message sent under the same key.
 */
const IdempotencyKeySchema = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_key',
  properties: {
    key: p.string().length(255).primary(),
    /** sha256 (hex) of the validated request: the same message, however it was spelled or sent. */
    requestHash: p.string().length(64),
    inquiry: () => p.manyToOne(ContactMessage).deleteRule('cascade'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  // Expired keys are purged by age.
  indexes: [{ name: 'idempotency_key_created_at_idx', properties: ['createdAt'] }],
});

export class IdempotencyKey extends IdempotencyKeySchema.class {}
IdempotencyKeySchema.setClass(IdempotencyKey);
export { IdempotencyKeySchema };
