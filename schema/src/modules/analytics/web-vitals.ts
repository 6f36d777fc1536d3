import { z } from 'zod';
import { ValidationError } from '../../lib/errors.js';
import { fieldProblems, invalidMessage } from '../../lib/validation.js';

/** The Core Web Vitals and their companions the browser reports (web-vitals' names). */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/**
 * The largest value accepted per metric: timings in milliseconds up to a minute, the layout shift
 * score up to 10. A page slower than that has failed, and a value beyond is a broken or hostile
 * client: refused (400 naming the field) rather than let into the percentiles the reports quote.
 */
export const VITAL_MAX: Readonly<Record<VitalMetric, number>> = { LCP: 60_000, INP: 60_000, CLS: 10, FCP: 60_000, TTFB: 60_000 };

/** web-vitals' thresholds: at or below `good` is good, above `poor` is poor (ms; CLS unitless). */
export const VITAL_THRESHOLDS: Readonly<Record<VitalMetric, { good: number; poor: number }>> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function vitalRating(metric: VitalMetric, value: number): VitalRating {
  const { good, poor } = VITAL_THRESHOLDS[metric];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** A page reports each metric once or a few times (INP and CLS grow): a batch holds at most this many. */
export const MAX_VITALS_PER_REPORT = 20;

const metricSample = z.strictObject({
  name: z.enum(VITAL_METRICS, { error: `name must be one of: ${VITAL_METRICS.join(', ')}` }),
  value: z.number({ error: 'value must be a finite number' }).refine(Number.isFinite, 'value must be a finite number').min(0, 'value must not be negative'),
}).superRefine((sample, ctx) => {
  if (sample.value > VITAL_MAX[sample.name]) ctx.addIssue({ code: 'custom', path: ['value'], message: `value of ${sample.name} must be at most ${VITAL_MAX[sample.name]}` });
});

const vitalsReport = z.strictObject(
  {
    /** The page's path (location.pathname): the server tells its template from it. */
    path: z.string({ error: 'path must be the page path' }).min(1, 'path must be the page path').max(2048, 'path must be at most 2048 characters').startsWith('/', 'path must start with /'),
    /** The browser's IANA time zone, sent once per page: the country when Accept-Language gave none. */
    tz: z.string({ error: 'tz must be an IANA time zone name' }).max(64, 'tz must be at most 64 characters').regex(/^[A-Za-z0-9_+\-/]+$/, 'tz must be an IANA time zone name').optional(),
    metrics: z.array(metricSample, { error: 'metrics must be a list of {name, value}' }).min(1, 'metrics must not be empty').max(MAX_VITALS_PER_REPORT, `metrics must hold at most ${MAX_VITALS_PER_REPORT} entries`),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'The report must be a JSON object' : undefined) },
);

export type VitalsReport = z.output<typeof vitalsReport>;

/** A browser's Web Vitals report, checked: a ValidationError names every field at fault. */
export function parseVitalsReport(raw: unknown): VitalsReport {
  const parsed = vitalsReport.safeParse(raw);
  if (!parsed.success) {
    const problems = fieldProblems(parsed.error, 'body');
    throw new ValidationError(invalidMessage('Web Vitals report', problems), problems);
  }
  return parsed.data;
}
