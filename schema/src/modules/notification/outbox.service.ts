import { LockMode, type EntityManager } from '@mikro-orm/core';
import pLimit from 'p-limit';
import { OutboxMessage } from './outbox-message.entity.js';

export interface Mail {
  from: string;
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** An HTML part beside the text (newsletter digests). */
  html?: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** A message whose html and text (left empty here) come from a shared body (outbox_body), its slot filled with `slot`. */
export interface SharedBodyMail extends Omit<Mail, 'from' | 'html'> {
  body: { id: number; slot: string };
}

/** What a shared body holds where each message puts its own value (a reader's link token). */
export const BODY_SLOT = '__BODY_SLOT__';

type Payload = OutboxMessage['payload'];

/** Sends one mail; throws when it could not be handed over. */
export type SendMail = (mail: Mail) => Promise<void>;

/** Messages handed to the mail server at once. */
export const SEND_CONCURRENCY = 4;

export const BASE_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 3_600_000;
/**
 * Failures after which a message with a shared body (a digest) is given up: about a day of retries,
 * by when the next digest is due. Other notifications are retried for as long as it takes.
 */
export const SHARED_BODY_MAX_ATTEMPTS = 30;
/** Bodies the cleanup deletes per run at most. */
export const BODY_PURGE_LIMIT = 100;
/**
 * A body this young is never deleted, referenced or not: a digest stores its body before queuing
 * the messages that name it, and reuses it for every batch of its run.
 */
export const BODY_GRACE_MS = 6 * 3_600_000;

/** 30 s, 1 min, 2 min, ... capped at an hour: a mail outage never drops a notification. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, BASE_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface DeliveryReport {
  sent: number;
  /** Failures, those given up included. */
  failed: number;
  /** Messages with a shared body that failed for the last time (present only when some did). */
  givenUp?: number;
}

export class OutboxService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Sends the due notifications, priority first. Rows are locked with SKIP LOCKED so several
   * server processes never send the same one twice.
   */
  async deliverDue(send: SendMail, from: string, now = new Date(), batchSize = 20, concurrency = SEND_CONCURRENCY): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, failed: 0 };
    await this.em.transactional(async (tx) => {
      // Mail is sent while the rows stay locked: a slow mail server must not end the transaction.
      await tx.getConnection('write').execute('set local idle_in_transaction_session_timeout = 0', [], 'run', tx.getTransactionContext());
      const due = await tx.find(
        OutboxMessage,
        { sentAt: null, givenUpAt: null, nextAttemptAt: { $lte: now } },
        { orderBy: [{ priority: 'desc' }, { id: 'asc' }], limit: batchSize, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
      );
      const bodies = await this.bodies(tx, due.map((message) => message.payload));
      const deliver = async (message: OutboxMessage) => {
        try {
          await send({ from, ...expand(message.payload, bodies) });
          message.sentAt = new Date();
          message.lastError = null;
          report.sent++;
        } catch (error) {
          message.attempts += 1;
          message.nextAttemptAt = new Date(now.getTime() + retryDelayMs(message.attempts));
          message.lastError = error instanceof Error ? error.message.slice(0, 1000) : String(error);
          report.failed++;
          // A digest retried for a day is stale: its body may go once no other reader waits on it.
          if (message.payload.body && message.attempts >= SHARED_BODY_MAX_ATTEMPTS) {
            message.givenUpAt = now;
            report.givenUp = (report.givenUp ?? 0) + 1;
          }
        }
      };
      // A few at once: a pooled SMTP transport (SMTP_URL ?pool=true) keeps that many connections busy.
      const limit = pLimit(concurrency);
      await Promise.all(due.map((message) => limit(() => deliver(message))));
    });
    return report;
  }

  /** Stores a body shared by many messages; returns its id. */
  async storeBody(html: string, text: string): Promise<number> {
    const [row]: { id: number }[] = await this.em.getConnection('write').execute(`insert into outbox_body (html, text, created_at) values (?, ?, ?) returning id`, [html, text, new Date()]);
    return row.id;
  }

  /**
   * Deletes stored bodies that no waiting message names (each of its messages was sent, given up or
   * dropped), at most `limit` a run, oldest first, never one younger than BODY_GRACE_MS. Returns
   * how many went.
   */
  async purgeBodies(now = new Date(), limit = BODY_PURGE_LIMIT): Promise<number> {
    const rows: { id: number }[] = await this.em.getConnection('write').execute(
      `delete from outbox_body where id in (
         select b.id from outbox_body b
         where b.created_at < ?
         and not exists (select 1 from outbox_message m where (m.payload->'body'->>'id')::int = b.id and m.sent_at is null and m.given_up_at is null)
         order by b.id limit ?
       ) returning id`,
      [new Date(now.getTime() - BODY_GRACE_MS), limit],
      'all',
      this.em.getTransactionContext(),
    );
    return rows.length;
  }

  /** A queued payload as it will be sent: its shared body filled in. */
  async expand(payload: Payload): Promise<Omit<Mail, 'from'>> {
    return expand(payload, await this.bodies(this.em, [payload]));
  }

  private async bodies(em: EntityManager, payloads: Payload[]): Promise<Map<number, { html: string; text: string }>> {
    const ids = [...new Set(payloads.flatMap((payload) => (payload.body ? [payload.body.id] : [])))];
    if (!ids.length) return new Map();
    const rows: { id: number; html: string; text: string }[] = await em
      .getConnection('write')
      .execute(`select id, html, text from outbox_body where id in (${ids.map(() => '?').join(', ')})`, ids, 'all', em.getTransactionContext());
    return new Map(rows.map((row) => [row.id, row]));
  }

  async pendingCount(): Promise<number> {
    return this.em.count(OutboxMessage, { sentAt: null, givenUpAt: null });
  }
}

function expand(payload: Payload, bodies: Map<number, { html: string; text: string }>): Omit<Mail, 'from'> {
  const { body, ...mail } = payload;
  if (!body) return mail;
  const shared = bodies.get(body.id);
  if (!shared) throw new Error(`outbox body ${body.id} is missing`);
  const slot = new RegExp(BODY_SLOT, 'g');
  return { ...mail, html: shared.html.replace(slot, body.slot), text: shared.text.replace(slot, body.slot) };
}
