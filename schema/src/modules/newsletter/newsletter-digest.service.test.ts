import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coverPath } from '../../lib/cover-url.js';
import { createServices } from '../../runtime/services.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { Article } from '../article/article.entity.js';
import { Category } from '../category/category.entity.js';
import { tryTakeLease } from '../ingest/job-lease.js';
import { OutboxMessage } from '../notification/outbox-message.entity.js';
import { DIGEST_LEASE } from './newsletter-digest.service.js';
import { NewsletterDelivery, NewsletterSubscriber } from './newsletter.entities.js';

let db: TestDatabase;
// Monday 15 July 2030, 07:05 in Sydney (AEST): the daily and the weekly digests are due.
const MONDAY_MORNING = new Date('2030-07-14T21:05:00Z');
let now = MONDAY_MORNING;
const settings = { sender: { siteUrl: 'https://news.example.com.au', siteName: 'AusTech News', contactEmail: 'editor@example.com.au' }, secret: 'd'.repeat(40) };
const digests = () => createServices(db.orm.em.fork(), { clock: () => now, newsletter: settings }).newsletterDigests;
const expand = (payload: OutboxMessage['payload']) => createServices(db.orm.em.fork()).outbox.expand(payload);
const queued = () => db.orm.em.fork().find(OutboxMessage, { kind: 'newsletter-digest' }, { orderBy: { id: 'asc' } });

beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
  const em = db.orm.em.fork();
  const [chips, space] = [
    em.create(Category, { name: 'Chips', slug: 'chips', description: 'Chips.', icon: 'Memory', position: 1 }),
    em.create(Category, { name: 'Space', slug: 'space', description: 'Space.', icon: 'Public', position: 2 }),
  ];
  const story = (slug: string, category: Category, publishedAt: string, status: 'published' | 'draft' = 'published') =>
    em.create(Article, { slug, title: `Story ${slug}`, excerpt: `About ${slug}.`, content: 'Body.', category, author: 'Desk', publishedAt: new Date(publishedAt), imageUrl: coverPath(slug), sourceUrl: null, isBreaking: false, status });
  story('chip-fab', chips, '2030-07-14T05:00:00Z');
  story('launch-pad', space, '2030-07-14T10:00:00Z');
  story('old-news', space, '2030-07-13T05:00:00Z');
  story('draft-piece', chips, '2030-07-14T06:00:00Z', 'draft');
  await em.flush();
});
afterAll(() => db.close());
beforeEach(async () => {
  now = MONDAY_MORNING;
  const em = db.orm.em.fork();
  await em.nativeDelete(OutboxMessage, {});
  await em.nativeDelete(NewsletterDelivery, {});
  await em.nativeDelete(NewsletterSubscriber, {});
  await em.getConnection().execute('delete from job_lease');
  await em.getConnection().execute('delete from outbox_body');
});

async function subscriber(email: string, frequency: 'daily' | 'weekly' | 'both', categories: string[] = [], confirmed = true, breakingAlerts = false) {
  const em = db.orm.em.fork();
  em.create(NewsletterSubscriber, { email, frequency, categories, breakingAlerts, consentAt: new Date('2030-07-01T00:00:00Z'), consentPage: '/newsletter', confirmedAt: confirmed ? new Date('2030-07-01T01:00:00Z') : null, unsubscribedAt: null, confirmNonce: null, confirmSentAt: null });
  await em.flush();
}

describe('NewsletterDigestService.queueDue', () => {
  it("queues each confirmed reader the day's visible stories in their categories, and nothing when nothing is new", async () => {
    await subscriber('all@example.com', 'daily');
    await subscriber('space@example.com', 'daily', ['space']);
    await subscriber('quiet@example.com', 'daily', ['robots']);
    await subscriber('pending@example.com', 'daily', [], false);
    const report = await digests().queueDue();
    expect(report?.digests.find((d) => d.key === 'daily:2030-07-15')).toEqual({ key: 'daily:2030-07-15', queued: 2, nothingNew: 1 });
    const mails = await queued();
    expect(mails.map((m) => m.payload.to).sort()).toEqual(['all@example.com', 'space@example.com']);
    const all = await expand(mails.find((m) => m.payload.to === 'all@example.com')!.payload);
    expect(all.text).toContain('Story chip-fab');
    expect(all.text).toContain('Story launch-pad');
    expect(all.text).not.toContain('old-news');
    expect(all.text).not.toContain('draft-piece');
    expect(all.text).toContain('utm_source=newsletter&utm_medium=email&utm_campaign=daily-2030-07-15');
    expect(all.html).toContain('alt="Story chip-fab"');
    expect(all.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(all.text).toContain('editor@example.com.au');
    const space = await expand(mails.find((m) => m.payload.to === 'space@example.com')!.payload);
    // One stored body per set of categories, not one per reader.
    expect(mails.every((m) => m.payload.body && !m.payload.html)).toBe(true);
    expect(space.text).not.toContain('chip-fab');
    // Every subscriber's links carry their own token.
    expect(space.headers!['List-Unsubscribe']).not.toBe(all.headers!['List-Unsubscribe']);
  });

  it('never queues a digest twice for an address: two runners at once, a second run, a run that died holding the lease', async () => {
    for (let i = 0; i < 5; i++) await subscriber(`r${i}@example.com`, 'both');
    const [a, b] = await Promise.all([digests().queueDue({ batchSize: 2, holder: 'one' }), digests().queueDue({ batchSize: 2, holder: 'two' })]);
    // The lease lets one in; the other finds it held (or, on one connection, finds the work done).
    expect([a, b].filter((r) => r !== null).length).toBeGreaterThanOrEqual(1);
    const mails = await queued();
    expect(mails).toHaveLength(10);
    expect(new Set(mails.map((m) => `${m.payload.to} ${m.payload.subject}`)).size).toBe(10);
    expect((await digests().queueDue())?.digests.every((d) => d.queued === 0)).toBe(true);
    expect(await queued()).toHaveLength(10);
    // A process that died holding the lease keeps the others out until it expires.
    await tryTakeLease(db.orm.em.fork(), DIGEST_LEASE, 'dead-process', 60_000);
    expect(await digests().queueDue()).toBeNull();
  });

  it("deletes, on a later run under the lease, the stored bodies every reader's message has left: sent ones go, one still waiting stays", async () => {
    await subscriber('all@example.com', 'daily');
    await subscriber('space@example.com', 'daily', ['space']);
    expect((await digests().queueDue())?.bodiesDeleted).toBe(0);
    const mails = await queued();
    const bodyOf = (to: string) => mails.find((m) => m.payload.to === to)!.payload.body!.id;
    // The everything digest has gone out; the space readers' is still waiting (a mail outage).
    await db.orm.em.fork().nativeUpdate(OutboxMessage, { id: mails.find((m) => m.payload.to === 'all@example.com')!.id }, { sentAt: new Date() });
    const stored = () => db.orm.em.fork().getConnection().execute('select id from outbox_body order by id') as Promise<{ id: number }[]>;
    expect((await stored()).length).toBeGreaterThanOrEqual(2);
    // Young bodies are kept whatever names them (a digest stores one before queuing its messages).
    expect((await digests().queueDue())?.bodiesDeleted).toBe(0);
    await db.orm.em.fork().getConnection().execute(`update outbox_body set created_at = created_at - interval '7 hours'`);
    const report = await digests().queueDue();
    expect(report?.digests.every((d) => d.queued === 0)).toBe(true);
    expect((await stored()).map((r) => r.id)).toEqual([bodyOf('space@example.com')]);
    expect(report?.bodiesDeleted).toBeGreaterThanOrEqual(1);
    // The waiting message is still sent whole.
    expect((await expand(mails.find((m) => m.payload.to === 'space@example.com')!.payload)).text).toContain('Story launch-pad');
  });

  it('alerts the readers who asked for it, in their categories, once per story newly flagged breaking', async () => {
    const em = db.orm.em.fork();
    const space = await em.findOneOrFail(Category, { slug: 'space' });
    const flagged = (slug: string, publishedAt: string, status: 'published' | 'draft' = 'published') =>
      em.create(Article, { slug, title: `Story ${slug}`, excerpt: `About ${slug}.`, content: 'Body.', category: space, author: 'Desk', publishedAt: new Date(publishedAt), imageUrl: coverPath(slug), sourceUrl: null, isBreaking: true, status });
    // Half an hour ago; yesterday afternoon (too old to alert); a draft.
    const [fresh, stale, draft] = [flagged('outage-now', '2030-07-14T20:35:00Z'), flagged('outage-yesterday', '2030-07-14T05:30:00Z'), flagged('outage-draft', '2030-07-14T20:50:00Z', 'draft')];
    await em.flush();
    try {
      await subscriber('alerts@example.com', 'weekly', [], true, true);
      await subscriber('space-alerts@example.com', 'daily', ['space'], true, true);
      await subscriber('chips-alerts@example.com', 'daily', ['chips'], true, true);
      await subscriber('digest-only@example.com', 'daily');
      await subscriber('unconfirmed@example.com', 'daily', [], false, true);
      const report = await digests().queueDue();
      expect(report?.digests.find((d) => d.key === `breaking:${fresh.id}`)).toEqual({ key: `breaking:${fresh.id}`, queued: 2, nothingNew: 1 });
      expect(report?.digests.some((d) => d.key === `breaking:${stale.id}` || d.key === `breaking:${draft.id}`)).toBe(false);
      const alerts = await db.orm.em.fork().find(OutboxMessage, { kind: 'newsletter-alert' });
      expect(alerts.map((m) => m.payload.to).sort()).toEqual(['alerts@example.com', 'space-alerts@example.com']);
      const alert = await expand(alerts[0].payload);
      expect(alert.subject).toBe('Breaking: Story outage-now');
      expect(alert.text).toContain(`utm_campaign=breaking-${fresh.id}`);
      expect(alert.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      // The next run sends no second alert.
      expect((await digests().queueDue())?.digests.find((d) => d.key === `breaking:${fresh.id}`)?.queued).toBe(0);
      expect(await db.orm.em.fork().count(OutboxMessage, { kind: 'newsletter-alert' })).toBe(2);
    } finally {
      await db.orm.em.fork().nativeDelete(Article, { id: { $in: [fresh.id, stale.id, draft.id] } });
    }
  });

  it('keeps the unique pair even when two runners skip the lease', async () => {
    await subscriber('race@example.com', 'daily');
    const digest = { kind: 'daily' as const, key: 'daily:2030-07-15', since: new Date('2030-07-13T21:00:00Z'), until: new Date('2030-07-14T21:00:00Z') };
    const run = (s: ReturnType<typeof digests>) => (s as unknown as { queueDigest: (d: typeof digest, n: number, renew: () => Promise<boolean>) => Promise<{ queued: number }> }).queueDigest(digest, 10, async () => true);
    const results = await Promise.all([run(digests()), run(digests())]);
    expect(results.reduce((sum, r) => sum + r.queued, 0)).toBe(1);
    expect(await queued()).toHaveLength(1);
  });
});
