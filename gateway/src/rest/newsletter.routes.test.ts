import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutboxMessage } from '../../../schema/src/testing.js';
import { SUBSCRIBE_ANSWER } from '../../../schema/src/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NEWSLETTER_RATE_LIMIT: '6', NEWSLETTER_SECRET: 'n'.repeat(40) });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.orm.em.fork().nativeDelete(OutboxMessage, {});
});

const confirmations = () => t.db.orm.em.fork().find(OutboxMessage, { kind: 'newsletter-confirmation' }, { orderBy: { id: 'asc' } });
const subscribe = (body: object, headers: Record<string, string> = {}) => request(t.app).post('/api/newsletter/subscriptions').set(headers).send(body);
const param = (text: string, name: string) => decodeURIComponent(new RegExp(`${name}\\?token=([^\\s&">]+)`).exec(text)![1]);

describe('POST /api/newsletter/subscriptions', () => {
  it('answers 202 with the same words for a new and a known address, and queues one confirmation', async () => {
    const first = await subscribe({ email: 'rest@example.com.au', frequency: 'weekly' }).expect(202);
    const again = await subscribe({ email: 'rest@example.com.au', frequency: 'weekly' }).expect(202);
    expect(first.body).toEqual({ message: SUBSCRIBE_ANSWER });
    expect(again.body).toEqual(first.body);
    expect(await confirmations()).toHaveLength(1);
  });

  it('refuses header injection, overlong and malformed fields with 400 naming the field, and sends nothing', async () => {
    const injected = await subscribe({ email: 'a@example.com\r\nBcc: b@example.com' }).expect(400);
    expect(injected.body.errors.map((e: { field: string }) => e.field)).toEqual(['email']);
    const overlong = await subscribe({ email: `${'x'.repeat(300)}@example.com` }).expect(400);
    expect(overlong.body.errors[0].field).toBe('email');
    const frequency = await subscribe({ email: 'ok@example.com', frequency: 'hourly' }).expect(400);
    expect(frequency.body.errors[0].field).toBe('frequency');
    await request(t.app).post('/api/newsletter/subscriptions').set('Content-Type', 'text/plain').send('email=a@b.c').expect(415);
    expect(await confirmations()).toHaveLength(0);
  });

  it('replays an Idempotency-Key and refuses it for another request', async () => {
    await subscribe({ email: 'idem@example.com' }, { 'Idempotency-Key': 'news-1' }).expect(202);
    const replay = await subscribe({ email: 'idem@example.com' }, { 'Idempotency-Key': 'news-1' }).expect(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await subscribe({ email: 'other@example.com' }, { 'Idempotency-Key': 'news-1' }).expect(422);
  });

  it('confirms by the link, refuses its reuse, and unsubscribes with one POST from the List-Unsubscribe header', async () => {
    await subscribe({ email: 'flow@example.com' }).expect(202);
    const [mail] = await confirmations();
    const token = param(mail.payload.text, 'confirm');
    await request(t.app).post('/api/newsletter/confirmations').send({ token }).expect(200);
    const reused = await request(t.app).post('/api/newsletter/confirmations').send({ token }).expect(400);
    expect(reused.body.errors[0].field).toBe('token');
    const header = mail.payload.headers!['List-Unsubscribe'];
    const url = new URL(/<(https:[^>]+)>/.exec(header)![1]);
    expect((await request(t.app).get(`/api/newsletter/preferences${url.search}`).expect(200)).body).toMatchObject({ email: 'flow@example.com', subscribed: true });
    await request(t.app).post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect((await request(t.app).get(`/api/newsletter/preferences${url.search}`).expect(200)).body).toMatchObject({ subscribed: false });
    await request(t.app).post(`${url.pathname}?token=m.1.forged`).type('form').send('List-Unsubscribe=One-Click').expect(400);
  });

  it('is subscribeToNewsletter over GraphQL too, with the same rules', async () => {
    const mutation = 'mutation($input: NewsletterSubscriptionInput!) { subscribeToNewsletter(input: $input) { message } }';
    const ok = await request(t.app).post('/graphql').send({ query: mutation, variables: { input: { email: 'gql@example.com', frequency: 'BOTH' } } }).expect(200);
    expect(ok.body.data.subscribeToNewsletter.message).toBe(SUBSCRIBE_ANSWER);
    const bad = await request(t.app).post('/graphql').send({ query: mutation, variables: { input: { email: 'gql@example.com\nBcc: x@y.z' } } });
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(bad.body.errors[0].extensions)).toContain('email');
  });

  it('limits subscription requests per client with a 429 and Retry-After', async () => {
    let refused: request.Response | undefined;
    for (let i = 0; i < 10 && !refused; i++) {
      const res = await subscribe({ email: `flood${i}@example.com` });
      if (res.status === 429) refused = res;
    }
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('GET /api/articles/most-read', () => {
  it('ranks visible articles by their page views and refuses a bad period naming it', async () => {
    const em = t.db.orm.em.fork();
    const [a, b] = (await em.getConnection().execute(`select id from article where status = 'published' and published_at <= now() order by id limit 2`)) as { id: number }[];
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
    await em.getConnection().execute(
      `insert into page_view_daily (day, path, template, article_id, views) values (?, ?, 'article', ?, 50), (?, ?, 'article', ?, 90)`,
      [today, `/articles/${a.id}`, a.id, today, `/articles/${b.id}`, b.id],
    );
    const res = await request(t.app).get('/api/articles/most-read?period=day&limit=2').expect(200);
    expect(res.body.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    const bad = await request(t.app).get('/api/articles/most-read?period=year').expect(400);
    expect(bad.body.errors[0].field).toBe('period');
  });
});
