import { defineEntity, p } from '@mikro-orm/core';

/**
 * A notification waiting to be sent. Written in the same transaction as the inquiry it announces,
 * so an accepted inquiry always has one; a sender retries it with backoff until it goes out.
 */
const OutboxMessageSchema = defineEntity({
  name: 'OutboxMessage',
  tableName: 'outbox_message',
  properties: {
    id: p.integer().primary(),
    kind: p.string().length(60),
    /** The mail to send: to, subject, text, replyTo, and for newsletters html, headers, or a shared body and its slot's value. */
    payload: p.json<{ to: string; subject: string; text: string; replyTo?: string; html?: string; headers?: Record<string, string>; body?: { id: number; slot: string } }>(),
    priority: p.boolean().default(false),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime(),
    sentAt: p.datetime().nullable(),
    lastError: p.text().nullable(),
    /** Set when a message with a shared body stopped being retried (decision 121); it stays unsent. */
    givenUpAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  // The sender's poll: unsent, due, priority first.
  indexes: [
    { name: 'outbox_message_due_idx', properties: ['sentAt', 'nextAttemptAt'] },
    // The body cleanup's question: does a message still waiting name this shared body?
    {
      name: 'outbox_message_waiting_body_idx',
      expression: `create index "outbox_message_waiting_body_idx" on "outbox_message" (((payload->'body'->>'id')::int)) where sent_at is null and given_up_at is null`,
    },
  ],
});

export class OutboxMessage extends OutboxMessageSchema.class {}
OutboxMessageSchema.setClass(OutboxMessage);
export { OutboxMessageSchema };
