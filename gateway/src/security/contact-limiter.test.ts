import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMessage, ContactService, createTestDatabase, type TestDatabase } from '../../../schema/src/testing.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createContactLimiter } from './contact-limiter.js';

const SUBMIT = 'mutation($i: ContactMessageInput!) { submitContactMessage(input: $i) { id } }';
const message = (n: number) => ({ name: 'Burst Sender', email: `burst${n}@example.com.au`, subject: `Burst ${n}`, message: 'One of many sent at once.' });

describe('the inquiry limit under a concurrent burst from one address', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The default limit: 10 an hour.
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it('stores at most the limit of 50 inquiries sent at once over REST and GraphQL', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        n % 2 === 0
          ? request(t.app).post('/api/contact').send(message(n))
          : request(t.app)
              .post('/graphql')
              .send({ query: SUBMIT, variables: { i: { ...message(n), inquiryType: 'GENERAL' } } }),
      ),
    );
    const accepted = answers.filter((a) => a.status === 201 || (a.status === 200 && a.body.data?.submitContactMessage)).length;
    const refused = answers.filter((a) => a.status === 429 || a.body.errors?.[0]?.extensions?.code === 'TOO_MANY_REQUESTS').length;
    expect(await t.db.orm.em.fork().count(ContactMessage, {})).toBe(10);
    expect(accepted).toBe(10);
    expect(refused).toBe(40);
  }, 60_000);

  it('answers a spent limit as every limit does: 429 with RateLimit, RateLimit-Policy and Retry-After', async () => {
    const answer = await request(t.app).post('/api/contact').send(message(99));
    expect(answer.status).toBe(429);
    expect(answer.headers['ratelimit-policy']).toMatch(/^"10-in-1h"; q=10; w=3600;/);
    expect(answer.headers.ratelimit).toMatch(/^"10-in-1h"; r=0; t=\d+$/);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('a failed write gives its point back', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  }, 120_000);
  afterAll(() => db?.close());

  it('refused writes cost nothing: the limit still admits as many stored inquiries afterwards', async () => {
    const limiter = createContactLimiter(2);
    let writesOpen = false;
    const service = () => new ContactService(db.orm.em.fork(), { ownerEmail: 'owner@example.com.au', limiter, acceptingWrites: () => writesOpen });
    for (let n = 0; n < 5; n++) {
      await expect(service().submit(message(n), { clientKey: '198.51.100.7' })).rejects.toMatchObject({ httpStatus: 503 });
    }
    writesOpen = true;
    await service().submit(message(5), { clientKey: '198.51.100.7' });
    await service().submit(message(6), { clientKey: '198.51.100.7' });
    await expect(service().submit(message(7), { clientKey: '198.51.100.7' })).rejects.toMatchObject({ httpStatus: 429 });
    expect(await db.orm.em.fork().count(ContactMessage, {})).toBe(2);
  }, 60_000);

  it('invalid input is refused before the limit counts it', async () => {
    const limiter = createContactLimiter(1);
    const service = new ContactService(db.orm.em.fork(), { ownerEmail: 'owner@example.com.au', limiter });
    await expect(service.submit({ ...message(8), email: 'not-an-address' }, { clientKey: '198.51.100.8' })).rejects.toMatchObject({ httpStatus: 400 });
    await expect(service.submit(message(9), { clientKey: '198.51.100.8' })).resolves.toMatchObject({ reference: expect.any(String) });
  });
});
