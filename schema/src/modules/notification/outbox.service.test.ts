import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { ContactService } from '../contact/contact.service.js';
import { OutboxMessage } from './outbox-message.entity.js';
import { type Mail, OutboxService, retryDelayMs, SEND_CONCURRENCY } from './outbox.service.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.orm.em.fork().nativeDelete(OutboxMessage, {});
});

const submit = (n: number, inquiryType: string) =>
  new ContactService(db.orm.em.fork(), { ownerEmail: 'owner@example.com.au' }).submit({
    name: `Sender ${n}`,
    email: `sender${n}@example.com.au`,
    subject: `Subject ${n}`,
    message: `Body ${n}.`,
    inquiryType,
  });

describe('OutboxService.deliverDue', () => {
  it('sends due notifications, priority first, and marks them sent', async () => {
    await submit(1, 'general');
    await submit(2, 'domain');
    const sent: Mail[] = [];
    const report = await new OutboxService(db.orm.em.fork()).deliverDue(async (mail) => void sent.push(mail), 'site@example.com.au');
    expect(report).toEqual({ sent: 2, failed: 0 });
    expect(sent.map((m) => m.replyTo)).toEqual(['sender2@example.com.au', 'sender1@example.com.au']);
    expect(sent[0]).toMatchObject({ from: 'site@example.com.au', to: 'owner@example.com.au', subject: expect.stringMatching(/^\[PRIORITY: same-day reply\] INQ-\d{6} Domain Purchase: Subject 2$/) });
    expect(sent[0].text).toContain('From: Sender 2 <sender2@example.com.au>');
    expect(await new OutboxService(db.orm.em.fork()).pendingCount()).toBe(0);
    const again = await new OutboxService(db.orm.em.fork()).deliverDue(async () => {}, 'site@example.com.au');
    expect(again).toEqual({ sent: 0, failed: 0 });
  });

  it('keeps a failed notification and retries it with backoff until it goes out', async () => {
    await submit(3, 'advertising');
    const now = new Date();
    const failing = await new OutboxService(db.orm.em.fork()).deliverDue(async () => {
      throw new Error('SMTP 421 try later');
    }, 'site@example.com.au', now);
    expect(failing).toEqual({ sent: 0, failed: 1 });
    const [row] = await db.orm.em.fork().find(OutboxMessage, {});
    expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: 'SMTP 421 try later' });
    expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(1));

    const tooEarly = await new OutboxService(db.orm.em.fork()).deliverDue(async () => {}, 'x@example.com', new Date(now.getTime() + 1000));
    expect(tooEarly.sent).toBe(0);
    const later = await new OutboxService(db.orm.em.fork()).deliverDue(async () => {}, 'x@example.com', new Date(now.getTime() + retryDelayMs(1)));
    expect(later.sent).toBe(1);
    const [done] = await db.orm.em.fork().find(OutboxMessage, {});
    expect(done.sentAt).not.toBeNull();
    expect(done.lastError).toBeNull();
  });

  it('hands a few messages to the mail server at once, never more, and records each outcome', async () => {
    for (let n = 10; n < 20; n++) await submit(n, 'general');
    let inFlight = 0;
    let most = 0;
    const report = await new OutboxService(db.orm.em.fork()).deliverDue(
      async (mail) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight--;
        if (mail.replyTo === 'sender13@example.com.au') throw new Error('SMTP 550 mailbox unavailable');
      },
      'site@example.com.au',
      new Date(),
      20,
      SEND_CONCURRENCY,
    );
    expect(most).toBe(SEND_CONCURRENCY);
    expect(report).toEqual({ sent: 9, failed: 1 });
    const failed = await db.orm.em.fork().find(OutboxMessage, { sentAt: null });
    expect(failed.map((m) => m.lastError)).toEqual(['SMTP 550 mailbox unavailable']);
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
});
