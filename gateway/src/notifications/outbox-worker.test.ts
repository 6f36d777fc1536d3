import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactService, createTestDatabase, OutboxMessage, type TestDatabase } from '../../../schema/src/testing.js';
import { smtpSender, startOutboxWorker } from './outbox-worker.js';

/** A real SMTP server on loopback that records what it receives, and can refuse for a while. */
async function startMailServer() {
  const received: string[] = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (refuse) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    setRefuse(value: boolean) {
      refuse = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('outbox worker over SMTP', () => {
  let db: TestDatabase;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  beforeAll(async () => {
    db = await createTestDatabase({ seed: false });
    mail = await startMailServer();
  });
  afterAll(async () => {
    await mail.close();
    await db.close();
  });

  it('e-mails an accepted inquiry to the owner, and keeps it for later while the server refuses', async () => {
    const contact = new ContactService(db.orm.em.fork(), { ownerEmail: 'owner@example.com.au' });
    await contact.submit({ name: 'Priya Shah', email: 'priya@example.com.au', subject: 'Buying the domain', message: 'What is the price?', inquiryType: 'domain' });

    mail.setRefuse(true);
    const send = smtpSender(mail.url);
    let worker = startOutboxWorker({ orm: db.orm, send, from: 'AusTech News <no-reply@example.com.au>', logger: pino({ level: 'silent' }), intervalMs: 50 });
    await expect.poll(async () => (await db.orm.em.fork().findOneOrFail(OutboxMessage, { kind: 'inquiry-notification' })).attempts).toBeGreaterThan(0);
    await worker.stop();
    const waiting = await db.orm.em.fork().findOneOrFail(OutboxMessage, { kind: 'inquiry-notification' });
    expect(waiting.sentAt).toBeNull();
    expect(waiting.lastError).toMatch(/Mailbox busy/);
    expect(mail.received).toHaveLength(0);

    // The server is back and the retry is due.
    mail.setRefuse(false);
    await db.orm.em.fork().nativeUpdate(OutboxMessage, { id: waiting.id }, { nextAttemptAt: new Date() });
    worker = startOutboxWorker({ orm: db.orm, send, from: 'AusTech News <no-reply@example.com.au>', logger: pino({ level: 'silent' }), intervalMs: 50 });
    await expect.poll(() => mail.received.length).toBe(1);
    await worker.stop();

    // Unfold long header lines (RFC 5322) before reading them.
    const raw = mail.received[0].replace(/\r?\n[ \t]+/g, " ");
    expect(raw).toMatch(/^To: owner@example\.com\.au/m);
    expect(raw).toMatch(/^Reply-To: priya@example\.com\.au/m);
    expect(raw).toMatch(/^Subject: \[PRIORITY: same-day reply\] INQ-\d{6} Domain Purchase: Buying the domain/m);
    expect(raw).toContain('What is the price?');
    expect((await db.orm.em.fork().findOneOrFail(OutboxMessage, { kind: 'inquiry-notification' })).sentAt).not.toBeNull();
  });
});
