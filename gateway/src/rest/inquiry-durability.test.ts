import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMessage, OutboxMessage } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTACT_RATE_LIMIT: '1000', CONTACT_EMAIL: 'owner@example.com.au' });
});
afterAll(() => t.close());

const body = (n: number, inquiryType = 'general') => ({
  name: `Buyer ${n}`,
  email: `buyer${n}@example.com.au`,
  subject: `Inquiry ${n}`,
  message: `Concurrent inquiry ${n}.`,
  inquiryType,
});

describe('accepted inquiries', () => {
  it('stores every one of many concurrent submissions over REST and GraphQL', async () => {
    const rest = Array.from({ length: 20 }, (_, n) => request(t.app).post('/api/contact').send(body(n, n % 3 ? 'general' : 'domain')));
    const gql = Array.from({ length: 20 }, (_, n) =>
      request(t.app)
        .post('/graphql')
        .send({
          query: 'mutation($i: ContactMessageInput!) { submitContactMessage(input: $i) { id reference } }',
          variables: { i: { ...body(100 + n), inquiryType: 'EDITORIAL' } },
        }),
    );
    const responses = await Promise.all([...rest, ...gql]);
    const references = responses.map((r) => r.body.reference ?? r.body.data?.submitContactMessage?.reference);
    expect(responses.slice(0, 20).every((r) => r.status === 201)).toBe(true);
    expect(references.every((ref) => /^INQ-\d{6}$/.test(ref))).toBe(true);
    expect(new Set(references).size).toBe(40);

    const em = t.db.orm.em.fork();
    const stored = await em.find(ContactMessage, {});
    expect(stored).toHaveLength(40);
    expect(new Set(stored.map((m) => m.name)).size).toBe(40);
  });

  it('queues one notification per inquiry, domain purchases marked priority', async () => {
    const em = t.db.orm.em.fork();
    const messages = await em.find(ContactMessage, {});
    const outbox = await em.find(OutboxMessage, { kind: 'inquiry-notification' }, { orderBy: { id: 'asc' } });
    expect(outbox).toHaveLength(messages.length);
    expect(outbox.every((o) => o.payload.to === 'owner@example.com.au' && o.sentAt === null)).toBe(true);
    const priority = outbox.filter((o) => o.priority);
    expect(priority).toHaveLength(messages.filter((m) => m.inquiryType === 'domain').length);
    expect(priority.every((o) => o.payload.subject.startsWith('[PRIORITY: same-day reply]'))).toBe(true);
    expect(messages.filter((m) => m.priority).every((m) => m.inquiryType === 'domain')).toBe(true);
  });
});
