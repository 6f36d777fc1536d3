import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { TooManyRequestsError } from '../../lib/errors.js';
import { OutboxMessage } from '../notification/outbox-message.entity.js';
import { type Mail, OutboxService } from '../notification/outbox.service.js';
import { ContactService } from './contact.service.js';
import type { SubmissionLimiter } from './submission-limiter.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.orm.em.fork().nativeDelete(OutboxMessage, {});
});

const sender = { siteUrl: 'https://austechnews.com.au', siteName: 'AusTech News', contactEmail: 'hello@austechnews.com.au' };
const message = { name: 'Grace Hopper', email: 'grace@example.com.au', subject: 'Click here to win', message: 'Visit spam.example now.', inquiryType: 'technical' };

/** One point per client, like the inquiry limit. */
function onePerClient(): SubmissionLimiter {
  const used = new Set<string>();
  return {
    async consume(key) {
      if (used.has(key)) throw new TooManyRequestsError('Too many messages', 60);
      used.add(key);
    },
    async refund(key) {
      used.delete(key);
    },
  };
}

const deliver = async () => {
  const sent: Mail[] = [];
  await new OutboxService(db.orm.em.fork()).deliverDue(async (mail) => void sent.push(mail), 'site@example.com.au');
  return sent;
};

describe('the acknowledgement to the sender of an inquiry', () => {
  it('goes through the outbox with the reference, what happens next and the promised reply time, and nothing the sender typed', async () => {
    const service = new ContactService(db.orm.em.fork(), { ownerEmail: 'owner@example.com.au', sender });
    const receipt = await service.submit(message);
    const sent = await deliver();
    const ack = sent.find((mail) => mail.to === 'grace@example.com.au');
    expect(ack).toBeDefined();
    expect(ack!.subject).toBe(`We received your message: ${receipt.reference} (AusTech News)`);
    expect(ack!.replyTo).toBe('hello@austechnews.com.au');
    for (const part of [ack!.text, ack!.html!]) {
      expect(part).toContain(receipt.reference);
      expect(part).toContain('What happens next');
      expect(part).toContain('within 1-2 hours');
      for (const typed of ['Grace', 'Click here', 'spam.example']) expect(part).not.toContain(typed);
    }
    expect(ack!.html).toMatch(/<table/);
    // The owner's notification still goes too.
    expect(sent.map((mail) => mail.to).sort()).toEqual(['grace@example.com.au', 'owner@example.com.au']);
  });

  it('promises a same-day reply for a domain purchase', async () => {
    await new ContactService(db.orm.em.fork(), { ownerEmail: 'owner@example.com.au', sender }).submit({ ...message, inquiryType: 'domain' });
    const ack = (await deliver()).find((mail) => mail.to === 'grace@example.com.au');
    expect(ack!.text).toContain('the same day');
  });

  it('is sent only for a stored inquiry: one past the limit, or a bot, gets none', async () => {
    const service = new ContactService(db.orm.em.fork(), { ownerEmail: 'owner@example.com.au', sender, limiter: onePerClient() });
    await service.submit(message, { clientKey: 'a' });
    await expect(service.submit(message, { clientKey: 'a' })).rejects.toBeInstanceOf(TooManyRequestsError);
    await service.submit({ ...message, website: 'http://bot.example' }, { clientKey: 'b' });
    const acks = await db.orm.em.fork().find(OutboxMessage, { kind: 'inquiry-acknowledgement' });
    expect(acks).toHaveLength(1);
  });
});

describe('the receipt template', () => {
  it('fills the reference into each copy and holds no markup of the sender\'s', async () => {
    const { acknowledgementTemplate, withReference } = await import('./inquiry-acknowledgement-mail.js');
    const template = acknowledgementTemplate({ ...sender, siteName: 'Rates & <b>News</b>' }, 'domain', true);
    const filled = withReference(template, 'INQ-000042');
    for (const part of [filled.subject, filled.text, filled.html]) expect(part).toContain('INQ-000042');
    expect(filled.html).toContain('Your offer meets the asking price.');
    expect(filled.html).toContain('Rates &#38; &#60;b&#62;News&#60;/b&#62;');
    expect(filled.html).not.toContain('<b>');
  });
});
