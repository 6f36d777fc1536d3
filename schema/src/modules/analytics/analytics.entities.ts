import { defineEntity, p } from '@mikro-orm/core';
import { PAGE_TEMPLATES } from './page-templates.js';
import { VITAL_METRICS } from './web-vitals.js';

/**
 * First-party audience measurement (docs/decisions/024-first-party-analytics.md): daily
 * aggregates only. No row holds an IP address, a user agent, a cookie or a full referrer URL.
 * Written by AnalyticsService in batches (upserts), read by the owner's dashboard and the report.
 */

/** Page views per day and page (the path as counted: no query string). */
const PageViewDailySchema = defineEntity({
  name: 'PageViewDaily',
  tableName: 'page_view_daily',
  properties: {
    day: p.date().primary(),
    path: p.string().length(200).primary(),
    template: p.enum(PAGE_TEMPLATES),
    /** Article pages: which article (no foreign key, so a deleted article's history stays). */
    articleId: p.integer().nullable(),
    views: p.integer(),
  },
  indexes: [{ name: 'page_view_daily_article_id_day_idx', properties: ['articleId', 'day'] }],
});
export class PageViewDaily extends PageViewDailySchema.class {}
PageViewDailySchema.setClass(PageViewDaily);

/**
 * One row per visitor per day (an address and one of three buckets of its user agents): sha256 of
 * the day's random salt and the visitor's key.
 * The salt is deleted after its day, so a hash can no longer be tied to anyone, nor two days'
 * hashes to each other.
 */
const VisitorDailySchema = defineEntity({
  name: 'VisitorDaily',
  tableName: 'visitor_daily',
  properties: {
    day: p.date().primary(),
    visitorHash: p.string().length(64).primary(),
  },
});
export class VisitorDaily extends VisitorDailySchema.class {}
VisitorDailySchema.setClass(VisitorDaily);

/** The salt of one day, shared by every process; deleted once the day is over. */
const AnalyticsSaltSchema = defineEntity({
  name: 'AnalyticsSalt',
  tableName: 'analytics_salt',
  properties: {
    day: p.date().primary(),
    salt: p.string().length(64),
  },
});
export class AnalyticsSalt extends AnalyticsSaltSchema.class {}
AnalyticsSaltSchema.setClass(AnalyticsSalt);

/** Views that arrived from another site, per day and host (`www.` dropped). */
const ReferrerDailySchema = defineEntity({
  name: 'ReferrerDaily',
  tableName: 'referrer_daily',
  properties: {
    day: p.date().primary(),
    host: p.string().length(253).primary(),
    views: p.integer(),
  },
});
export class ReferrerDaily extends ReferrerDailySchema.class {}
ReferrerDailySchema.setClass(ReferrerDaily);

/** Views per day and country (ISO 3166 alpha-2, or `unknown`). */
const CountryDailySchema = defineEntity({
  name: 'CountryDaily',
  tableName: 'country_daily',
  properties: {
    day: p.date().primary(),
    country: p.string().length(7).primary(),
    views: p.integer(),
  },
});
export class CountryDaily extends CountryDailySchema.class {}
CountryDailySchema.setClass(CountryDaily);

/**
 * One Web Vitals measurement: day, page template, metric and value, nothing else. Kept for the
 * longest dashboard range (90 days) so a p75 over any range is exact (percentile_cont).
 */
const VitalSampleSchema = defineEntity({
  name: 'VitalSample',
  tableName: 'vital_sample',
  properties: {
    id: p.bigint().primary().autoincrement(),
    day: p.date(),
    template: p.enum(PAGE_TEMPLATES),
    metric: p.enum(VITAL_METRICS),
    value: p.double(),
  },
  indexes: [{ name: 'vital_sample_day_template_metric_idx', properties: ['day', 'template', 'metric'] }],
});
export class VitalSample extends VitalSampleSchema.class {}
VitalSampleSchema.setClass(VitalSample);


/**
 * Reads of the site's text for agents (Markdown answers and /llms.txt) per day, agent and path: the
 * agent's name only (agent-names.ts), never its user agent or address.
 */
const AgentReadDailySchema = defineEntity({
  name: 'AgentReadDaily',
  tableName: 'agent_read_daily',
  properties: {
    day: p.date().primary(),
    agent: p.string().length(40).primary(),
    path: p.string().length(200).primary(),
    reads: p.integer(),
  },
});
export class AgentReadDaily extends AgentReadDailySchema.class {}
AgentReadDailySchema.setClass(AgentReadDaily);

export const analyticsEntities = [PageViewDaily, VisitorDaily, AnalyticsSalt, ReferrerDaily, CountryDaily, VitalSample, AgentReadDaily];
