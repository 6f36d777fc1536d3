import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../schema/src/index.js';
import { insertSearchFixtures } from '../../../schema/src/testing.js';
import { loadConfig } from '../config/config.js';
import { smtpSender, startOutboxWorker } from '../notifications/outbox-worker.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startDigestJob } from './digest-job.js';
import { newsletterSettings } from './newsletter-settings.js';

/** A real SMTP server on loopback that keeps every message it receives. */
async function startMailServer() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Headers unfolded and quoted-printable bodies decoded, as a mail client reads them. */
const readable = (raw: string) => raw.replace(/\r?\n[ \t]+/g, ' ').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const to = (raw: string) => /^To: (\S+)/m.exec(readable(raw))?.[1];

const ENV = { NEWSLETTER_SECRET: 'x'.repeat(40), SITE_URL: 'https://news.example.au', CONTACT_EMAIL: 'editor@example.au' };
// Tuesday 16 July 2030, 07:01 in Sydney.
const TUESDAY_MORNING = new Date('2030-07-15T21:01:00Z');

describe('newsletter e-mail over SMTP', () => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  const logger = pino({ level: 'silent' });
  const settings = () => newsletterSettings(loadConfig({ NODE_ENV: 'test', ...ENV }), null);
  beforeAll(async () => {
    t = await createTestApp(ENV);
    mail = await startMailServer();
    await insertSearchFixtures(t.db.orm.em, [{ key: 'digest-lead', title: 'Quantum chip made in Sydney', category: 'newsletter-tests' }], new Date('2030-07-15T03:00:00Z'));
  });
  afterAll(async () => {
    await mail.close();
    await t.close();
  });

  async function deliverAll() {
    const worker = startOutboxWorker({ orm: t.db.orm, send: smtpSender(mail.url), from: 'AusTech News <news@example.au>', logger, intervalMs: 20 });
    const unsent = async () => Number(((await t.db.orm.em.fork().getConnection().execute('select count(*) as n from outbox_message where sent_at is null')) as { n: number }[])[0].n);
    await expect.poll(unsent, { timeout: 20_000 }).toBe(0);
    await worker.stop();
  }

  it('confirms by the e-mailed link, sends the morning digest once to each reader (two runners, one killed mid-batch), and stops after a one-click unsubscribe', async () => {
    const readers = ['ava@example.au', 'ben@example.au', 'cai@example.au', 'dee@example.au', 'eli@example.au'];
    for (const email of readers) await request(t.app).post('/api/newsletter/subscriptions').send({ email, page: '/articles/1' }).expect(202);
    await deliverAll();
    expect(mail.received.map(to).sort()).toEqual(readers);
    for (const raw of mail.received) {
      const text = readable(raw);
      // Every part in the encoding the sender names, not one nodemailer picks by scanning each message.
      expect(text.match(/^Content-Transfer-Encoding: .*$/gm)).toEqual(['Content-Transfer-Encoding: quoted-printable', 'Content-Transfer-Encoding: quoted-printable']);
      expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      const token = decodeURIComponent(/\/newsletter\/confirm\?token=([^\s&"<]+)/.exec(text)![1]);
      await request(t.app).post('/api/newsletter/confirmations').send({ token }).expect(200);
    }
    mail.received.length = 0;

    // A runner that dies after its first batch committed: the others finish the rest, nobody twice.
    const clock = () => TUESDAY_MORNING;
    const killed = createServices(t.db.orm.em.fork(), { newsletter: settings(), clock }).newsletterDigests as unknown as {
      queueDigest(digest: object, batchSize: number, renew: () => Promise<boolean>): Promise<unknown>;
    };
    const digest = { kind: 'daily', key: 'daily:2030-07-16', since: new Date('2030-07-14T21:00:00Z'), until: new Date('2030-07-15T21:00:00Z') };
    await expect(killed.queueDigest(digest, 2, () => Promise.reject(new Error('killed')))).rejects.toThrow('killed');
    const jobs = [startDigestJob({ orm: t.db.orm, logger, newsletter: settings(), clock, batchSize: 2 }), startDigestJob({ orm: t.db.orm, logger, newsletter: settings(), clock, batchSize: 2 })];
    await Promise.all(jobs.map((job) => job.runNow()));
    await Promise.all(jobs.map((job) => job.stop()));
    await deliverAll();
    expect(mail.received.map(to).sort()).toEqual(readers);

    const digestMail = readable(mail.received.find((raw) => to(raw) === 'ava@example.au')!);
    expect(digestMail).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(digestMail).toMatch(/Content-Type: text\/html/);
    expect(digestMail).toContain('Quantum chip made in Sydney');
    expect(digestMail).toContain('utm_source=newsletter&utm_medium=email&utm_campaign=daily-2030-07-16');
    expect(digestMail).toContain('editor@example.au');
    const header = /^List-Unsubscribe: <([^>]+)>/m.exec(digestMail)![1];
    const url = new URL(header);
    await request(t.app).post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click').expect(200);

    // The next morning: everyone but the reader who left.
    mail.received.length = 0;
    await insertSearchFixtures(t.db.orm.em, [{ key: 'digest-second', title: 'Second morning story', category: 'newsletter-tests' }], new Date('2030-07-16T03:00:00Z'));
    const wednesday = startDigestJob({ orm: t.db.orm, logger, newsletter: settings(), clock: () => new Date(TUESDAY_MORNING.getTime() + 24 * 3_600_000) });
    await wednesday.runNow();
    await wednesday.stop();
    await deliverAll();
    expect(mail.received.map(to).sort()).toEqual(readers.filter((r) => r !== 'ava@example.au'));
  });
});
