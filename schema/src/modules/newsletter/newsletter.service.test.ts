import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../../lib/errors.js';
import { createServices } from '../../runtime/services.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { Category } from '../category/category.entity.js';
import { OutboxMessage } from '../notification/outbox-message.entity.js';
import { NewsletterRequestKey, NewsletterSubscriber } from './newsletter.entities.js';
import { SUBSCRIBE_ANSWER } from './newsletter-options.js';

let db: TestDatabase;
let now = new Date('2030-03-04T00:00:00Z');
const settings = { sender: { siteUrl: 'https://news.example.com.au', siteName: 'AusTech News', contactEmail: 'editor@example.com.au', contactPhone: '+61 2 5550 0000' }, secret: 's'.repeat(40) };
const services = () => createServices(db.orm.em.fork(), { clock: () => now, newsletter: settings });
const outbox = () => db.orm.em.fork().find(OutboxMessage, { kind: 'newsletter-confirmation' }, { orderBy: { id: 'asc' } });
const tokenIn = (text: string) => decodeURIComponent(/confirm\?token=([^\s&"]+)/.exec(text)![1]);
const manageIn = (text: string) => decodeURIComponent(/unsubscribe\?token=([^\s&">]+)/.exec(text)![1]);

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());
beforeEach(async () => {
  now = new Date('2030-03-04T00:00:00Z');
  const em = db.orm.em.fork();
  await em.nativeDelete(OutboxMessage, {});
  await em.nativeDelete(NewsletterSubscriber, {});
  await em.nativeDelete(NewsletterRequestKey, {});
});

async function fieldsOf(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).fields.map((f) => f.field);
}

describe('NewsletterService.subscribe', () => {
  it('stores the consent record and queues one confirmation naming the site, its contact and an unsubscribe header', async () => {
    const slug = (await db.orm.em.fork().findOneOrFail(Category, { id: { $gt: 0 } }, { orderBy: { position: 'asc' } })).slug;
    const answer = await services().newsletter.subscribe({ email: ' Reader@Example.com.au ', categories: [slug], frequency: 'both', page: '/articles/7' });
    expect(answer).toEqual({ message: SUBSCRIBE_ANSWER });
    const [row] = await db.orm.em.fork().find(NewsletterSubscriber, {});
    expect(row).toMatchObject({ email: 'reader@example.com.au', categories: [slug], frequency: 'both', consentPage: '/articles/7', confirmedAt: null });
    expect(row.consentAt.toISOString()).toBe(now.toISOString());
    const [mail] = await outbox();
    expect(mail.payload.to).toBe('reader@example.com.au');
    expect(mail.payload.text).toContain('AusTech News');
    expect(mail.payload.text).toContain('editor@example.com.au');
    expect(mail.payload.html).toContain('<table');
    expect(mail.payload.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.payload.headers!['List-Unsubscribe']).toMatch(/^<https:\/\/news\.example\.com\.au\/api\/newsletter\/unsubscribe\?token=/);
  });

  it('answers the same for a known address and sends nothing more (no enumeration, no mail flood)', async () => {
    const first = await services().newsletter.subscribe({ email: 'twice@example.com' });
    const second = await services().newsletter.subscribe({ email: 'twice@example.com' });
    expect(second).toEqual(first);
    expect(await outbox()).toHaveLength(1);
    await services().newsletter.confirm(tokenIn((await outbox())[0].payload.text));
    now = new Date(now.getTime() + 3_600_000);
    expect(await services().newsletter.subscribe({ email: 'twice@example.com' })).toEqual(first);
    expect(await outbox()).toHaveLength(1);
  });

  it('refuses malformed, overlong and header-injecting input naming the field, and stores nothing', async () => {
    expect(await fieldsOf(services().newsletter.subscribe({ email: 'not-an-address' }))).toEqual(['email']);
    expect(await fieldsOf(services().newsletter.subscribe({ email: `${'a'.repeat(250)}@example.com` }))).toEqual(['email']);
    expect(await fieldsOf(services().newsletter.subscribe({ email: 'a@example.com\r\nBcc: victim@example.com' }))).toEqual(['email']);
    expect(await fieldsOf(services().newsletter.subscribe({ email: 'a@example.com', page: '/x\nSet-Cookie: y' }))).toEqual(['page']);
    expect(await fieldsOf(services().newsletter.subscribe({ email: 'a@example.com', frequency: 'hourly' }))).toEqual(['frequency']);
    expect(await fieldsOf(services().newsletter.subscribe({ email: 'a@example.com', breakingAlerts: 'maybe' }))).toEqual(['breakingAlerts']);
    expect(await fieldsOf(services().newsletter.subscribe({ email: 'a@example.com', categories: ['no-such-category'] }))).toEqual(['categories']);
    expect(await outbox()).toHaveLength(0);
    expect(await db.orm.em.fork().count(NewsletterSubscriber, {})).toBe(0);
  });

  it('gives a bot that fills the honeypot the same answer and stores nothing', async () => {
    expect(await services().newsletter.subscribe({ email: 'bot@example.com', website: 'http://spam' })).toEqual({ message: SUBSCRIBE_ANSWER });
    expect(await db.orm.em.fork().count(NewsletterSubscriber, {})).toBe(0);
  });

  it('answers a repeated Idempotency-Key as before, and refuses the key for another request', async () => {
    await services().newsletter.subscribe({ email: 'key@example.com' }, { idempotencyKey: 'k-1' });
    expect(await services().newsletter.subscribe({ email: 'key@example.com' }, { idempotencyKey: 'k-1' })).toEqual({ message: SUBSCRIBE_ANSWER, replayed: true });
    await expect(services().newsletter.subscribe({ email: 'other@example.com' }, { idempotencyKey: 'k-1' })).rejects.toMatchObject({ httpStatus: 422 });
  });
});

describe('confirmation and unsubscribe links', () => {
  it('confirms once; a reused, forged or expired link is refused naming the token', async () => {
    await services().newsletter.subscribe({ email: 'c@example.com' });
    const token = tokenIn((await outbox())[0].payload.text);
    await services().newsletter.confirm(token);
    expect((await db.orm.em.fork().findOneOrFail(NewsletterSubscriber, { email: 'c@example.com' })).confirmedAt?.toISOString()).toBe(now.toISOString());
    expect(await fieldsOf(services().newsletter.confirm(token))).toEqual(['token']);
    expect(await fieldsOf(services().newsletter.confirm(token.replace(/c\.(\d+)\./, 'c.999.')))).toEqual(['token']);

    await services().newsletter.subscribe({ email: 'late@example.com' });
    const late = tokenIn((await outbox())[1].payload.text);
    now = new Date(now.getTime() + 48 * 3_600_000 + 1);
    expect(await fieldsOf(services().newsletter.confirm(late))).toEqual(['token']);
  });

  it('unsubscribes at once from the header link, and changes preferences through the signed link', async () => {
    await services().newsletter.subscribe({ email: 'u@example.com' });
    const [mail] = await outbox();
    await services().newsletter.confirm(tokenIn(mail.payload.text));
    const manage = manageIn(mail.payload.headers!['List-Unsubscribe']);
    expect(await services().newsletter.preferences(manage)).toMatchObject({ breakingAlerts: false });
    // A form's ticked box sends `on`.
    expect(await services().newsletter.updatePreferences(manage, { frequency: 'weekly', breakingAlerts: 'on' })).toMatchObject({ frequency: 'weekly', breakingAlerts: true, subscribed: true });
    expect((await db.orm.em.fork().findOneOrFail(NewsletterSubscriber, { email: 'u@example.com' })).breakingAlerts).toBe(true);
    await services().newsletter.unsubscribe(manage);
    expect(await services().newsletter.preferences(manage)).toMatchObject({ subscribed: false });
    await services().newsletter.unsubscribe(manage);
  });
});
