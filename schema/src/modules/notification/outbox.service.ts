import { LockMode, type EntityManager } from '@mikro-orm/core';
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

/** Sends one mail; throws when it could not be handed over. */
export type SendMail = (mail: Mail) => Promise<void>;

export const BASE_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 3_600_000;

/** 30 s, 1 min, 2 min, ... capped at an hour: a mail outage never drops a notification. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, BASE_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

export class OutboxService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Sends the due notifications, priority first. Rows are locked with SKIP LOCKED so several
   * server processes never send the same one twice.
   */
  async deliverDue(send: SendMail, from: string, now = new Date(), batchSize = 20): Promise<DeliveryReport> {
    const report = { sent: 0, failed: 0 };
    await this.em.transactional(async (tx) => {
      // Mail is sent while the rows stay locked: a slow mail server must not end the transaction.
      await tx.getConnection('write').execute('set local idle_in_transaction_session_timeout = 0', [], 'run', tx.getTransactionContext());
      const due = await tx.find(
        OutboxMessage,
        { sentAt: null, nextAttemptAt: { $lte: now } },
        { orderBy: [{ priority: 'desc' }, { id: 'asc' }], limit: batchSize, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
      );
      for (const message of due) {
        try {
          await send({ from, ...message.payload });
          message.sentAt = new Date();
          message.lastError = null;
          report.sent++;
        } catch (error) {
          message.attempts += 1;
          message.nextAttemptAt = new Date(now.getTime() + retryDelayMs(message.attempts));
          message.lastError = error instanceof Error ? error.message.slice(0, 1000) : String(error);
          report.failed++;
        }
      }
    });
    return report;
  }

  async pendingCount(): Promise<number> {
    return this.em.count(OutboxMessage, { sentAt: null });
  }
}
