/**
 * The owner's figures as GET /api/admin/analytics answers them (AnalyticsDashboard in the schema's
 * analytics service): the web app reads them over HTTP and never imports the server's code.
 */
export interface DashboardData {
  days: number;
  from: string;
  to: string;
  timeZone: string;
  totals: { views: number; visitors: number };
  daily: { day: string; views: number; visitors: number }[];
  topArticles: { articleId: number; title: string | null; path: string; views: number }[];
  topReferrers: { host: string; views: number }[];
  countries: { country: string; views: number }[];
  vitals: { template: string; metric: VitalName; p75: number; samples: number; rating: 'good' | 'needs-improvement' | 'poor' }[];
  /** Counts only: subscribers and pending confirmations as they stand now, the rest within the range. */
  newsletter: { confirmed: { daily: number; weekly: number; addresses: number }; pending: number; unsubscribes: number; digestsSent: number };
  /** Reads of the Markdown and /llms.txt within the range, by the agent's name (never its user agent). */
  agentReads: { agents: { agent: string; reads: number }[]; top: { agent: string; path: string; reads: number }[] };
  /** Followers now, per account of the site: its own always, others with any. */
  fediverse: { followers: { handle: string; name: string; followers: number }[] };
}

export type VitalName = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';

/** The ranges the API answers (any other `days` is refused). */
export const RANGES = [30, 90] as const;
export type Range = (typeof RANGES)[number];

export const VITAL_NAMES: readonly VitalName[] = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'];

export const RATING_LABELS = { good: 'good', 'needs-improvement': 'needs improvement', poor: 'poor' } as const;

const number = new Intl.NumberFormat('en-AU');

export function formatCount(value: number): string {
  return number.format(value);
}

/** Timings in milliseconds, the layout shift score as a plain number. */
export function formatVital(metric: VitalName, value: number): string {
  return metric === 'CLS' ? value.toFixed(2) : `${number.format(Math.round(value))} ms`;
}

const regions = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en-AU'], { type: 'region' }) : null;

/** "Australia" for AU; countries not given stay "Unknown". */
export function countryName(code: string): string {
  if (code === 'unknown') return 'Unknown';
  try {
    return regions?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "20 Nov" for a YYYY-MM-DD day. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}
