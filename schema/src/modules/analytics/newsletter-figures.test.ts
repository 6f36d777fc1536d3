import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { NewsletterSubscriber } from '../newsletter/newsletter.entities.js';
import type { NewsletterFrequency } from '../newsletter/newsletter-options.js';
import { OutboxMessage } from '../notification/outbox-message.entity.js';
import { AnalyticsService } from './analytics.service.js';

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
});
afterAll(() => db.close());
beforeEach(async () => {
  const em = db.orm.em.fork();
  await em.nativeDelete(OutboxMessage, {});
  await em.nativeDelete(NewsletterSubscriber, {});
});

/** 11:00 on 20 March 2030 in Sydney (AEDT, UTC+11). */
const NOW = new Date('2030-03-20T00:00:00Z');
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR);
const figures = (from = '2030-03-11', to = '2030-03-20') => new AnalyticsService(db.orm.em.fork()).newsletterFigures(from, to, NOW);

let serial = 0;
async function subscriber(fields: { frequency?: NewsletterFrequency; confirmedAt?: Date | null; unsubscribedAt?: Date | null; confirmSentAt?: Date | null }) {
  const em = db.orm.em.fork();
  const row = em.create(NewsletterSubscriber, {
    email: `reader${++serial}@example.com.au`,
    categories: [],
    frequency: fields.frequency ?? 'daily',
    consentAt: ago(24 * 30),
    consentPage: '/newsletter',
    confirmedAt: fields.confirmedAt ?? null,
    unsubscribedAt: fields.unsubscribedAt ?? null,
    confirmNonce: null,
    confirmSentAt: fields.confirmSentAt ?? ago(24 * 30),
  });
  await em.flush();
  return row;
}

async function message(kind: string, sentAt: Date | null) {
  const em = db.orm.em.fork();
  em.create(OutboxMessage, { kind, payload: { to: 'someone@example.com', subject: 'Digest', text: 'Stories.' }, nextAttemptAt: NOW, sentAt });
  await em.flush();
}

describe("the owner's newsletter figures", () => {
  it('counts confirmed subscribers per list (an address on both counts in each) and in all, leaving out the unconfirmed and the unsubscribed', async () => {
    await subscriber({ frequency: 'daily', confirmedAt: ago(100) });
    await subscriber({ frequency: 'daily', confirmedAt: ago(50) });
    await subscriber({ frequency: 'weekly', confirmedAt: ago(100) });
    await subscriber({ frequency: 'both', confirmedAt: ago(100) });
    await subscriber({ frequency: 'daily', confirmedAt: null, confirmSentAt: ago(1) });
    await subscriber({ frequency: 'weekly', confirmedAt: ago(100), unsubscribedAt: ago(10) });
    expect((await figures()).confirmed).toEqual({ daily: 3, weekly: 2, addresses: 4 });
  });

  it('counts pending confirmations whose link still works (sent within 48 hours), not expired or unsubscribed ones', async () => {
    await subscriber({ confirmedAt: null, confirmSentAt: ago(1) });
    await subscriber({ confirmedAt: null, confirmSentAt: ago(47) });
    await subscriber({ confirmedAt: null, confirmSentAt: ago(49) });
    await subscriber({ confirmedAt: null, confirmSentAt: ago(2), unsubscribedAt: ago(1) });
    await subscriber({ confirmedAt: ago(3), confirmSentAt: ago(4) });
    expect((await figures()).pending).toBe(2);
  });

  it('counts unsubscriptions within the range by Sydney days, both ends included', async () => {
    // 11 March 00:30 in Sydney is 10 March 13:30 UTC: inside a range starting on the 11th.
    await subscriber({ confirmedAt: ago(24 * 20), unsubscribedAt: new Date('2030-03-10T13:30:00Z') });
    // 10 March 23:30 in Sydney: the day before the range.
    await subscriber({ confirmedAt: ago(24 * 20), unsubscribedAt: new Date('2030-03-10T12:30:00Z') });
    await subscriber({ confirmedAt: ago(24 * 20), unsubscribedAt: ago(1) });
    await subscriber({ confirmedAt: ago(24 * 20) });
    expect((await figures()).unsubscribes).toBe(2);
    expect((await figures('2030-03-01', '2030-03-10')).unsubscribes).toBe(1);
  });

  it('counts digest e-mails sent within the range, not those waiting, nor other kinds of mail', async () => {
    await message('newsletter-digest', ago(1));
    await message('newsletter-digest', ago(24 * 5));
    await message('newsletter-digest', new Date('2030-03-10T12:30:00Z'));
    await message('newsletter-digest', null);
    await message('newsletter-confirmation', ago(1));
    await message('inquiry-notification', ago(1));
    expect((await figures()).digestsSent).toBe(2);
  });

  it('is part of the dashboard, and counts only: no address appears in it', async () => {
    const kept = await subscriber({ frequency: 'both', confirmedAt: ago(100) });
    await message('newsletter-digest', ago(1));
    const dashboard = await new AnalyticsService(db.orm.em.fork()).dashboard(30, NOW);
    expect(dashboard.newsletter).toEqual({ confirmed: { daily: 1, weekly: 1, addresses: 1 }, pending: 0, unsubscribes: 0, digestsSent: 1 });
    expect(JSON.stringify(dashboard)).not.toContain(kept.email);
  });
});
