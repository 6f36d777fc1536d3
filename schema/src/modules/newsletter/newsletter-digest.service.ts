import type { EntityManager } from '@mikro-orm/core';
import type { Clock } from '../../lib/clock.js';
import { analyticsDay } from '../analytics/analytics-day.js';
import { visibleToReadersSql } from '../article/reader-visibility.js';
import { leaseHolder, releaseLease, tryTakeLease } from '../ingest/job-lease.js';
import { type DueDigest, dueDigests } from './digest-schedule.js';
import { OutboxService, type SharedBodyMail } from '../notification/outbox.service.js';
import { type DigestStory, digestMailFor, renderDigest } from './newsletter-mail.js';
import { ALERT_MESSAGE_KIND, BREAKING_ALERT_WINDOW_MS, DIGEST_MESSAGE_KIND, FREQUENCIES_OF, type NewsletterMailKind } from './newsletter-options.js';
import type { NewsletterService } from './newsletter.service.js';

/** The lease that keeps digest queuing to one process at a time. */
export const DIGEST_LEASE = 'newsletter-digest';
/** Most stories a digest lists. */
export const DIGEST_STORIES = 10;
/** Distinct renders kept during one digest (one per set of categories seen). */
const RENDERS_KEPT = 256;

export interface DigestRunOptions {
  /** Subscribers queued per transaction. */
  batchSize?: number;
  /** How long a process that died mid-run keeps the others out. */
  leaseMs?: number;
  holder?: string;
  /** Stored bodies deleted per run at most (BODY_PURGE_LIMIT). */
  bodyPurgeLimit?: number;
}

export interface DigestRunReport {
  digests: { key: string; queued: number; nothingNew: number }[];
  /** Stored digest bodies deleted because no waiting message names them any more. */
  bodiesDeleted: number;
}

interface StoryRow extends DigestStory {
  categorySlug: string;
}

/** One mailing: its key (unique per reader), what it is, its stories, and who is in its audience (SQL on `s`). */
interface Mailing {
  key: string;
  kind: NewsletterMailKind;
  stories: StoryRow[];
  audience: { sql: string; params: unknown[] };
}

interface SubscriberRow {
  id: number;
  email: string;
  categories: string[] | string;
}

/**
 * Queues the due digests, and an alert for each story newly flagged breaking, into the outbox, in batches. Each batch is one transaction that inserts a
 * delivery row per subscriber (unique on subscriber and digest) with its outbox message: whatever
 * runs twice or dies mid-batch, a digest is queued at most once per address; the outbox sends it
 * with retries and backoff.
 */
export class NewsletterDigestService {
  constructor(
    private readonly em: EntityManager,
    private readonly newsletter: NewsletterService,
    private readonly clock: Clock,
  ) {}

  /** Null when another process holds the lease. */
  async queueDue(options: DigestRunOptions = {}): Promise<DigestRunReport | null> {
    const holder = options.holder ?? leaseHolder();
    const leaseMs = options.leaseMs ?? 10 * 60_000;
    if (!(await tryTakeLease(this.em, DIGEST_LEASE, holder, leaseMs))) return null;
    try {
      const report: DigestRunReport = { digests: [], bodiesDeleted: 0 };
      const renew = () => tryTakeLease(this.em, DIGEST_LEASE, holder, leaseMs);
      for (const digest of dueDigests(this.clock())) {
        report.digests.push({ key: digest.key, ...(await this.queueDigest(digest, options.batchSize ?? 200, renew)) });
      }
      // A story flagged breaking: one alert to each reader who asked for them, in its categories.
      for (const story of await this.breakingStories()) {
        const key = `breaking:${story.id}`;
        report.digests.push({ key, ...(await this.queueMailing({ key, kind: 'breaking', stories: [story], audience: { sql: 's.breaking_alerts = true', params: [] } }, options.batchSize ?? 200, renew)) });
      }
      // Under the lease, after queuing: no run of this job is between storing a body and naming it.
      // Bodies are dated by real time, as the outbox sends by it.
      report.bodiesDeleted = await new OutboxService(this.em).purgeBodies(new Date(), options.bodyPurgeLimit);
      return report;
    } finally {
      await releaseLease(this.em, DIGEST_LEASE, holder);
    }
  }

  /** The stories of a digest window visible to readers now, most read first for the weekly one. */
  async stories(digest: DueDigest): Promise<StoryRow[]> {
    const order = digest.kind === 'weekly' ? 'coalesce(v.views, 0) desc, a.published_at desc' : 'a.published_at desc';
    const rows: { id: number; title: string; excerpt: string; image_url: string; slug: string; name: string }[] = await this.em.getConnection().execute(
      `select a.id, a.title, a.excerpt, a.image_url, c.slug, c.name from article a join category c on c.id = a.category_id
       left join (select article_id, sum(views) as views from page_view_daily where day >= ? and day <= ? group by article_id) v on v.article_id = a.id
       where ${visibleToReadersSql('a')} and a.published_at > ? and a.published_at <= ?
       order by ${order} limit 500`,
      [analyticsDay(digest.since), analyticsDay(digest.until), this.clock(), digest.since, digest.until],
    );
    return rows.map((r) => ({ id: r.id, title: r.title, excerpt: r.excerpt, imageUrl: r.image_url, category: r.name, categorySlug: r.slug }));
  }

  /** Visible stories flagged breaking and published within the alert window, newest first. */
  async breakingStories(): Promise<StoryRow[]> {
    const now = this.clock();
    const rows: { id: number; title: string; excerpt: string; image_url: string; slug: string; name: string }[] = await this.em.getConnection().execute(
      `select a.id, a.title, a.excerpt, a.image_url, c.slug, c.name from article a join category c on c.id = a.category_id
       where ${visibleToReadersSql('a')} and a.is_breaking = true and a.published_at > ? order by a.published_at desc limit 20`,
      [now, new Date(now.getTime() - BREAKING_ALERT_WINDOW_MS)],
    );
    return rows.map((r) => ({ id: r.id, title: r.title, excerpt: r.excerpt, imageUrl: r.image_url, category: r.name, categorySlug: r.slug }));
  }

  /** A digest goes to the readers of its frequency confirmed before its window closed. */
  private async queueDigest(digest: DueDigest, batchSize: number, renewLease: () => Promise<boolean>) {
    const audience = { sql: `s.confirmed_at <= ? and s.frequency in (?, ?)`, params: [digest.until, ...FREQUENCIES_OF[digest.kind]] };
    return this.queueMailing({ key: digest.key, kind: digest.kind, stories: await this.stories(digest), audience }, batchSize, renewLease);
  }

  private async queueMailing(mailing: Mailing, batchSize: number, renewLease: () => Promise<boolean>) {
    const all = mailing.stories;
    // One render and one stored body per set of categories; each reader's message names it.
    const renders = new Map<string, Promise<{ subject: string; bodyId: number }>>();
    const outbox = new OutboxService(this.em);
    const campaign = mailing.key.replace(':', '-');
    const counts = { queued: 0, nothingNew: 0 };
    let after = 0;
    for (;;) {
      // The next readers by id, then which of them this mailing has already served, each by its own
      // index. As one anti-join, whose plan PostgreSQL chose from statistics taken before the
      // mailing's deliveries existed, it ran past the statement timeout on 100,000 readers.
      const candidates: SubscriberRow[] = await this.em.getConnection().execute(
        `select s.id, s.email, s.categories from newsletter_subscriber s
         where s.confirmed_at is not null and s.unsubscribed_at is null and ${mailing.audience.sql} and s.id > ?
         order by s.id limit ?`,
        [...mailing.audience.params, after, batchSize],
      );
      if (!candidates.length) return counts;
      after = candidates[candidates.length - 1].id;
      const served: { subscriber_id: number }[] = await this.em.getConnection().execute(
        `select subscriber_id from newsletter_delivery where digest_key = ? and subscriber_id in (${candidates.map(() => '?').join(', ')})`,
        [mailing.key, ...candidates.map((s) => s.id)],
      );
      const servedIds = new Set(served.map((row) => row.subscriber_id));
      const subscribers = candidates.filter((s) => !servedIds.has(s.id));
      if (!subscribers.length) continue;
      const mails = new Map<number, SharedBodyMail>();
      for (const subscriber of subscribers) {
        const categories = typeof subscriber.categories === 'string' ? (JSON.parse(subscriber.categories) as string[]) : subscriber.categories;
        const stories = (categories.length ? all.filter((story) => categories.includes(story.categorySlug)) : all).slice(0, DIGEST_STORIES);
        if (!stories.length) continue;
        const signature = categories.join(',');
        if (!renders.has(signature)) {
          if (renders.size >= RENDERS_KEPT) renders.clear();
          renders.set(
            signature,
            (async () => {
              const rendered = renderDigest(this.newsletter.sender, mailing.kind, campaign, stories);
              return { subject: rendered.subject, bodyId: await outbox.storeBody(rendered.html, rendered.text) };
            })(),
          );
        }
        const { subject, bodyId } = await renders.get(signature)!;
        mails.set(subscriber.id, digestMailFor(this.newsletter.sender, subject, bodyId, subscriber.email, this.newsletter.manageToken(subscriber.id)));
      }
      const queued = await this.queueBatch(mailing.key, mailing.kind === 'breaking' ? ALERT_MESSAGE_KIND : DIGEST_MESSAGE_KIND, subscribers, mails);
      counts.queued += queued;
      counts.nothingNew += subscribers.length - mails.size;
      // A long digest keeps its lease while it works.
      await renewLease();
    }
  }

  /**
   * One transaction: outbox rows, then delivery rows; a subscriber already served keeps no new
   * outbox row. Plain SQL: a batch is a thousand large payloads the ORM need not track.
   */
  private async queueBatch(key: string, kind: string, subscribers: SubscriberRow[], mails: Map<number, SharedBodyMail>): Promise<number> {
    return this.em.fork().transactional(async (tx) => {
      const run = (sql: string, params: unknown[]) => tx.getConnection('write').execute(sql, params, 'all', tx.getTransactionContext());
      const now = this.clock();
      const outboxIds = new Map<number, number>();
      if (mails.size) {
        const bySubscriber = [...mails];
        // Due at once by the outbox worker's own time (the site's clock dates the digest, not the sending).
        const rows: { id: number; to: string }[] = await run(
          `insert into outbox_message (kind, payload, priority, attempts, next_attempt_at, created_at) values ${bySubscriber.map(() => `(?, ?::jsonb, false, 0, ?, ?)`).join(', ')} returning id, payload->>'to' as "to"`,
          bySubscriber.flatMap(([, mail]) => [kind, JSON.stringify(mail), new Date(), now]),
        );
        const idByAddress = new Map(rows.map((row) => [row.to, row.id]));
        for (const [subscriberId, mail] of bySubscriber) outboxIds.set(subscriberId, idByAddress.get(mail.to)!);
      }
      const values = subscribers.map(() => '(?, ?, ?, ?)').join(', ');
      const params = subscribers.flatMap((s) => [s.id, key, outboxIds.get(s.id) ?? null, now]);
      const inserted: { subscriber_id: number }[] = await run(
        `insert into newsletter_delivery (subscriber_id, digest_key, outbox_message_id, created_at) values ${values} on conflict (subscriber_id, digest_key) do nothing returning subscriber_id`,
        params,
      );
      const won = new Set(inserted.map((row) => row.subscriber_id));
      const lost = [...outboxIds].filter(([subscriberId]) => !won.has(subscriberId)).map(([, id]) => id);
      if (lost.length) await run(`delete from outbox_message where id in (${lost.map(() => '?').join(', ')})`, lost);
      return [...outboxIds.keys()].filter((id) => won.has(id)).length;
    });
  }
}
