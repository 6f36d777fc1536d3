import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { ValidationError } from '../../lib/errors.js';
import { readRows } from '../article/article-rows.js';
import { CONFIRMATION_TTL_MS, DIGEST_MESSAGE_KIND, FREQUENCIES_OF } from '../newsletter/newsletter-options.js';
import { addDays, ANALYTICS_TIME_ZONE, analyticsDay, daysBetween } from './analytics-day.js';
import { UNKNOWN_COUNTRY } from './audience.js';
import type { PageTemplate } from './page-templates.js';
import { VITAL_METRICS, type VitalMetric, type VitalRating, vitalRating } from './web-vitals.js';

/** The dashboard's ranges, in days: one spelling for the REST parameter, the page's toggle and the tests. */
export const ANALYTICS_RANGES = [30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** Web Vitals samples are kept as long as the longest range needs them. */
export const VITAL_SAMPLE_RETENTION_DAYS = 90;
/** Rows of the top lists. */
const TOP_ROWS = 10;
/** Rows per insert statement: large batches go in several. */
const ROWS_PER_STATEMENT = 500;

/** What a batch of counted traffic adds to the daily aggregates. */
export interface AnalyticsBatch {
  views: { day: string; path: string; template: PageTemplate; articleId: number | null; views: number }[];
  /** Visitors seen per day, as the recorder's keys (hashed as each view was recorded), hashed here once more with the day's salt. */
  readers: { day: string; readers: string[] }[];
  referrers: { day: string; host: string; views: number }[];
  countries: { day: string; country: string; views: number }[];
  /** Views counted as `unknown` whose browser later told its country (a time zone): moved to it. */
  countryMoves: { day: string; country: string; views: number }[];
  vitals: { day: string; template: PageTemplate; metric: VitalMetric; value: number }[];
  /** Reads of the text for agents, per day, agent name and path. */
  agentReads: { day: string; agent: string; path: string; reads: number }[];
}

export interface DailyTraffic {
  day: string;
  views: number;
  visitors: number;
}

export interface VitalSummary {
  template: PageTemplate;
  metric: VitalMetric;
  /** The 75th percentile over the range (ms; CLS unitless). */
  p75: number;
  samples: number;
  rating: VitalRating;
}

export interface AnalyticsDashboard {
  days: AnalyticsRange;
  /** First and last day of the range (YYYY-MM-DD, in `timeZone`); the last is today. */
  from: string;
  to: string;
  timeZone: string;
  totals: { views: number; visitors: number };
  /** Every day of the range, oldest first, zeros included. */
  daily: DailyTraffic[];
  topArticles: { articleId: number; title: string | null; path: string; views: number }[];
  topReferrers: { host: string; views: number }[];
  countries: { country: string; views: number }[];
  vitals: VitalSummary[];
  newsletter: NewsletterFigures;
  /** Reads of the text for agents in the range: per agent, and the most read paths with their agent. */
  agentReads: { agents: { agent: string; reads: number }[]; top: { agent: string; path: string; reads: number }[] };
}

/** The newsletter's counts for the owner: never an address. */
export interface NewsletterFigures {
  /** Confirmed and not unsubscribed, now: per digest list (an address on both counts in each) and in all. */
  confirmed: { daily: number; weekly: number; addresses: number };
  /** Addresses not yet confirmed whose confirmation link still works (sent within 48 hours). */
  pending: number;
  /** Unsubscriptions in the range that still stand (an address that subscribed again is not counted). */
  unsubscribes: number;
  /** Digest e-mails the outbox handed to the mail server in the range. */
  digestsSent: number;
}

export interface MonthlyTraffic {
  /** YYYY-MM */
  month: string;
  views: number;
  visitors: number;
}

/** The visitor hash: sha256 of the day's salt and the recorder's key of the visitor. */
export function visitorHash(salt: string, reader: string): string {
  return createHash('sha256').update(salt).update('\n').update(reader).digest('hex');
}

export function isAnalyticsRange(value: number): value is AnalyticsRange {
  return (ANALYTICS_RANGES as readonly number[]).includes(value);
}

type Row = Record<string, unknown>;

/**
 * The site's own audience figures: writes batches of counted traffic into daily aggregates
 * (upserts, so several processes add to the same rows) and reads them for the owner's dashboard
 * and the Domain Report. Counting itself (what is a view, bots, prefetches) is the gateway's.
 */
export class AnalyticsService {
  /**
   * @param salts the days' salts this process has read (the recorder's, kept across batches): one
   *   query per day, not per flush.
   */
  constructor(
    private readonly em: EntityManager,
    private readonly salts = new Map<string, string>(),
  ) {}

  /** Adds a batch to the aggregates in one transaction: all of it or, on failure, none. */
  async record(batch: AnalyticsBatch, now: Date = new Date()): Promise<void> {
    const days = new Set(batch.readers.filter((r) => r.readers.length).map((r) => r.day));
    const salts = new Map<string, string>();
    for (const day of days) salts.set(day, await this.saltOf(day, now));
    await this.em.fork().transactional(async (tx) => {
      const run = (sql: string, params: unknown[]) => tx.getConnection('write').execute(sql, params, 'run', tx.getTransactionContext());
      // Rows in key order, so concurrent writers lock them in the same order.
      const views = [...batch.views].sort((a, b) => a.day.localeCompare(b.day) || a.path.localeCompare(b.path));
      for (const chunk of chunks(views)) {
        await run(
          `insert into page_view_daily as t (day, path, template, article_id, views) values ${chunk.map(() => '(?, ?, ?, ?, ?)').join(', ')}
           on conflict (day, path) do update set views = t.views + excluded.views`,
          chunk.flatMap((v) => [v.day, v.path, v.template, v.articleId, v.views]),
        );
      }
      const hashes = batch.readers
        .flatMap(({ day, readers }) => [...new Set(readers)].map((reader) => ({ day, hash: visitorHash(salts.get(day) ?? '', reader) })))
        .sort((a, b) => a.day.localeCompare(b.day) || a.hash.localeCompare(b.hash));
      for (const chunk of chunks(hashes)) {
        await run(
          `insert into visitor_daily (day, visitor_hash) values ${chunk.map(() => '(?, ?)').join(', ')} on conflict do nothing`,
          chunk.flatMap((h) => [h.day, h.hash]),
        );
      }
      const referrers = [...batch.referrers].sort((a, b) => a.day.localeCompare(b.day) || a.host.localeCompare(b.host));
      for (const chunk of chunks(referrers)) {
        await run(
          `insert into referrer_daily as t (day, host, views) values ${chunk.map(() => '(?, ?, ?)').join(', ')}
           on conflict (day, host) do update set views = t.views + excluded.views`,
          chunk.flatMap((r) => [r.day, r.host, r.views]),
        );
      }
      // Moves first take views from `unknown` (never below zero), then add what was taken.
      const moved: AnalyticsBatch['countries'] = [];
      for (const move of [...batch.countryMoves].sort((a, b) => a.day.localeCompare(b.day) || a.country.localeCompare(b.country))) {
        const rows = (await tx.getConnection('write').execute(
          `update country_daily as t set views = t.views - least(t.views, ?) from (select views from country_daily where day = ? and country = ? for update) as old
           where t.day = ? and t.country = ? returning least(old.views, ?) as moved`,
          [move.views, move.day, UNKNOWN_COUNTRY, move.day, UNKNOWN_COUNTRY, move.views],
          'all',
          tx.getTransactionContext(),
        )) as Row[];
        const taken = Number(rows[0]?.moved ?? 0);
        if (taken > 0) moved.push({ day: move.day, country: move.country, views: taken });
      }
      const countries = mergeCounts([...batch.countries, ...moved], (c) => `${c.day}\n${c.country}`).sort((a, b) => a.day.localeCompare(b.day) || a.country.localeCompare(b.country));
      for (const chunk of chunks(countries)) {
        await run(
          `insert into country_daily as t (day, country, views) values ${chunk.map(() => '(?, ?, ?)').join(', ')}
           on conflict (day, country) do update set views = t.views + excluded.views`,
          chunk.flatMap((c) => [c.day, c.country, c.views]),
        );
      }
      const agentReads = [...batch.agentReads].sort((a, b) => a.day.localeCompare(b.day) || a.agent.localeCompare(b.agent) || a.path.localeCompare(b.path));
      for (const chunk of chunks(agentReads)) {
        await run(
          `insert into agent_read_daily as t (day, agent, path, reads) values ${chunk.map(() => '(?, ?, ?, ?)').join(', ')}
           on conflict (day, agent, path) do update set reads = t.reads + excluded.reads`,
          chunk.flatMap((r) => [r.day, r.agent, r.path, r.reads]),
        );
      }
      for (const chunk of chunks(batch.vitals)) {
        await run(
          `insert into vital_sample (day, template, metric, value) values ${chunk.map(() => '(?, ?, ?, ?)').join(', ')}`,
          chunk.flatMap((v) => [v.day, v.template, v.metric, v.value]),
        );
      }
    });
  }

  /**
   * The day's salt, created by whichever process needs it first (random, 32 bytes). Salts of past
   * days are deleted (ten minutes after midnight, so a batch from just before midnight still finds
   * its day's salt), which makes their visitor hashes unlinkable to anyone.
   */
  private async saltOf(day: string, now: Date): Promise<string> {
    const known = this.salts.get(day);
    if (known) return known;
    const connection = this.em.getConnection('write');
    await connection.execute('insert into analytics_salt (day, salt) values (?, ?) on conflict (day) do nothing', [day, randomBytes(32).toString('hex')], 'run');
    const [row] = (await connection.execute('select salt from analytics_salt where day = ?', [day])) as { salt: string }[];
    const expired = analyticsDay(new Date(now.getTime() - 10 * 60_000));
    await connection.execute('delete from analytics_salt where day < ?', [expired], 'run');
    for (const cached of this.salts.keys()) if (cached < expired) this.salts.delete(cached);
    // A salt deleted meanwhile (the day is long over): its readers count under a salt of their own.
    const salt = row?.salt ?? randomBytes(32).toString('hex');
    this.salts.set(day, salt);
    return salt;
  }

  /** Deletes Web Vitals samples older than the longest range (run at most daily by the recorder). */
  async purgeOldVitals(now: Date = new Date()): Promise<void> {
    const first = addDays(analyticsDay(now), -(VITAL_SAMPLE_RETENTION_DAYS - 1));
    await this.em.getConnection('write').execute('delete from vital_sample where day < ?', [first], 'run');
  }

  /** The owner's dashboard for the last `days` days, today included. */
  async dashboard(days: number, now: Date = new Date()): Promise<AnalyticsDashboard> {
    if (!isAnalyticsRange(days)) {
      throw new ValidationError(`days must be one of: ${ANALYTICS_RANGES.join(', ')}`, [{ field: 'days', message: `days must be one of: ${ANALYTICS_RANGES.join(', ')}` }]);
    }
    const to = analyticsDay(now);
    const from = addDays(to, -(days - 1));
    const connection = this.em;
    const [views, visitors, articles, referrers, countries, agents, agentPaths] = await Promise.all([
      rows(connection, `select day::text as day, sum(views)::int as views from page_view_daily where day between ? and ? group by day`, [from, to]),
      rows(connection, `select day::text as day, count(*)::int as visitors from visitor_daily where day between ? and ? group by day`, [from, to]),
      rows(
        connection,
        `select v.article_id, min(v.path) as path, sum(v.views)::int as views, (select a.title from article a where a.id = v.article_id) as title
         from page_view_daily v where v.day between ? and ? and v.article_id is not null
         group by v.article_id order by views desc, v.article_id limit ?`,
        [from, to, TOP_ROWS],
      ),
      rows(connection, `select host, sum(views)::int as views from referrer_daily where day between ? and ? group by host having sum(views) > 0 order by views desc, host limit ?`, [from, to, TOP_ROWS]),
      rows(connection, `select country, sum(views)::int as views from country_daily where day between ? and ? group by country having sum(views) > 0 order by views desc, country limit ?`, [from, to, TOP_ROWS]),
      rows(connection, `select agent, sum(reads)::int as reads from agent_read_daily where day between ? and ? group by agent order by reads desc, agent limit ?`, [from, to, TOP_ROWS]),
      rows(connection, `select agent, path, sum(reads)::int as reads from agent_read_daily where day between ? and ? group by agent, path order by reads desc, agent, path limit ?`, [from, to, TOP_ROWS]),
    ]);
    const vitals = await this.vitals(from, to);
    const newsletter = await this.newsletterFigures(from, to, now);
    const viewsByDay = new Map(views.map((r) => [String(r.day), Number(r.views)]));
    const visitorsByDay = new Map(visitors.map((r) => [String(r.day), Number(r.visitors)]));
    const daily = daysBetween(from, to).map((day) => ({ day, views: viewsByDay.get(day) ?? 0, visitors: visitorsByDay.get(day) ?? 0 }));
    return {
      days,
      from,
      to,
      timeZone: ANALYTICS_TIME_ZONE,
      totals: { views: sum(daily.map((d) => d.views)), visitors: sum(daily.map((d) => d.visitors)) },
      daily,
      topArticles: articles.map((r) => ({ articleId: Number(r.article_id), title: r.title === null || r.title === undefined ? null : String(r.title), path: String(r.path), views: Number(r.views) })),
      topReferrers: referrers.map((r) => ({ host: String(r.host), views: Number(r.views) })),
      countries: countries.map((r) => ({ country: String(r.country), views: Number(r.views) })),
      vitals,
      newsletter,
      agentReads: {
        agents: agents.map((r) => ({ agent: String(r.agent), reads: Number(r.reads) })),
        top: agentPaths.map((r) => ({ agent: String(r.agent), path: String(r.path), reads: Number(r.reads) })),
      },
    };
  }

  /**
   * The newsletter's figures in one statement: subscribers and pending confirmations as they stand
   * at `now`, unsubscriptions and digests sent between the start of `from` and the end of `to`
   * (site days).
   */
  async newsletterFigures(from: string, to: string, now: Date = new Date()): Promise<NewsletterFigures> {
    const start = `((?::date)::timestamp at time zone '${ANALYTICS_TIME_ZONE}')`;
    const end = `((?::date + 1)::timestamp at time zone '${ANALYTICS_TIME_ZONE}')`;
    const list = (kind: keyof typeof FREQUENCIES_OF) => FREQUENCIES_OF[kind].map(() => '?').join(', ');
    const [row] = await rows(
      this.em,
      `select
         count(*) filter (where confirmed_at is not null and unsubscribed_at is null and frequency in (${list('daily')}))::int as daily,
         count(*) filter (where confirmed_at is not null and unsubscribed_at is null and frequency in (${list('weekly')}))::int as weekly,
         count(*) filter (where confirmed_at is not null and unsubscribed_at is null)::int as addresses,
         count(*) filter (where confirmed_at is null and unsubscribed_at is null and confirm_sent_at > ?)::int as pending,
         count(*) filter (where unsubscribed_at >= ${start} and unsubscribed_at < ${end})::int as unsubscribes,
         (select count(*)::int from outbox_message where kind = ? and sent_at >= ${start} and sent_at < ${end}) as digests_sent
       from newsletter_subscriber`,
      [...FREQUENCIES_OF.daily, ...FREQUENCIES_OF.weekly, new Date(now.getTime() - CONFIRMATION_TTL_MS), from, to, DIGEST_MESSAGE_KIND, from, to],
    );
    return {
      confirmed: { daily: Number(row?.daily ?? 0), weekly: Number(row?.weekly ?? 0), addresses: Number(row?.addresses ?? 0) },
      pending: Number(row?.pending ?? 0),
      unsubscribes: Number(row?.unsubscribes ?? 0),
      digestsSent: Number(row?.digests_sent ?? 0),
    };
  }

  /** p75 of every metric per template over the days from `from` to `to` (exact: percentile_cont over the samples). */
  async vitals(from: string, to: string): Promise<VitalSummary[]> {
    const found = await rows(
      this.em,
      `select template, metric, percentile_cont(0.75) within group (order by value) as p75, count(*)::int as samples
       from vital_sample where day between ? and ? group by template, metric`,
      [from, to],
    );
    const order = (metric: string) => VITAL_METRICS.indexOf(metric as VitalMetric);
    return found
      .map((r) => {
        const metric = String(r.metric) as VitalMetric;
        const p75 = Number(r.p75);
        return { template: String(r.template) as PageTemplate, metric, p75, samples: Number(r.samples), rating: vitalRating(metric, p75) };
      })
      .sort((a, b) => a.template.localeCompare(b.template) || order(a.metric) - order(b.metric));
  }

  /** p75 per metric over every page of the site for the last `days` days. */
  async siteVitals(days: number, now: Date = new Date()): Promise<{ metric: VitalMetric; p75: number; samples: number; rating: VitalRating }[]> {
    const to = analyticsDay(now);
    const from = addDays(to, -(days - 1));
    const found = await rows(
      this.em,
      `select metric, percentile_cont(0.75) within group (order by value) as p75, count(*)::int as samples
       from vital_sample where day between ? and ? group by metric`,
      [from, to],
    );
    return VITAL_METRICS.flatMap((metric) => {
      const row = found.find((r) => r.metric === metric);
      if (!row) return [];
      const p75 = Number(row.p75);
      return [{ metric, p75, samples: Number(row.samples), rating: vitalRating(metric, p75) }];
    });
  }

  /** Page views and visitors per calendar month, the last `months` months (this one included), oldest first. */
  async monthly(months: number, now: Date = new Date()): Promise<MonthlyTraffic[]> {
    const today = analyticsDay(now);
    const [year, month] = today.split('-').map(Number);
    const labels = Array.from({ length: months }, (_, i) => {
      const date = new Date(Date.UTC(year, month - 1 - (months - 1 - i), 1));
      return date.toISOString().slice(0, 7);
    });
    const first = `${labels[0]}-01`;
    const connection = this.em;
    const [views, visitors] = await Promise.all([
      rows(connection, `select to_char(day, 'YYYY-MM') as month, sum(views)::int as views from page_view_daily where day between ? and ? group by 1`, [first, today]),
      rows(connection, `select to_char(day, 'YYYY-MM') as month, count(*)::int as visitors from visitor_daily where day between ? and ? group by 1`, [first, today]),
    ]);
    return labels.map((label) => ({
      month: label,
      views: Number(views.find((r) => r.month === label)?.views ?? 0),
      visitors: Number(visitors.find((r) => r.month === label)?.visitors ?? 0),
    }));
  }
}

/**
 * A read's rows, typed loosely: each caller converts the columns it selected. Figures of past days
 * need no read-your-own-writes, so they go through the read connection (replicas, prepared
 * statements) like every reader read.
 */
function rows(em: EntityManager, sql: string, params: unknown[]): Promise<Row[]> {
  return readRows<Row>(em, sql, params);
}

function* chunks<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) yield rows.slice(i, i + ROWS_PER_STATEMENT);
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function mergeCounts<T extends { views: number }>(rows: T[], keyOf: (row: T) => string): T[] {
  const merged = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, views: seen.views + row.views } : { ...row });
  }
  return [...merged.values()];
}
