import { addDays, ANALYTICS_TIME_ZONE, analyticsDay } from '../analytics/analytics-day.js';
import type { DigestKind } from './newsletter-options.js';

/** Digests go out at this hour of the site's day (Sydney, daylight saving included). */
export const DIGEST_HOUR = 7;

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: ANALYTICS_TIME_ZONE, timeZoneName: 'longOffset' });

/** Minutes the site's zone is ahead of UTC at an instant (600 or 660 for Sydney). */
function offsetMinutes(at: Date): number {
  const name = offsetFormat.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** The instant of `hour`:00 on a site day (YYYY-MM-DD). */
export function siteTime(day: string, hour: number): Date {
  const naive = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  // Twice: the offset at the first guess may differ from the offset at the answer across a change.
  let at = new Date(naive - offsetMinutes(new Date(naive)) * 60_000);
  at = new Date(naive - offsetMinutes(at) * 60_000);
  return at;
}

export interface DueDigest {
  kind: DigestKind;
  /** Unique per digest: `daily:2026-11-28`, `weekly:2026-11-30`. */
  key: string;
  /** Stories published in (since, until]. */
  since: Date;
  until: Date;
}

/**
 * The digests whose time has come on the site's current day: the daily one from 07:00 (the day's
 * stories since the previous 07:00), and on Mondays the weekly one (the seven days before).
 */
export function dueDigests(now: Date): DueDigest[] {
  const day = analyticsDay(now);
  const until = siteTime(day, DIGEST_HOUR);
  if (now < until) return [];
  const due: DueDigest[] = [{ kind: 'daily', key: `daily:${day}`, since: siteTime(addDays(day, -1), DIGEST_HOUR), until }];
  if (new Date(`${day}T00:00:00Z`).getUTCDay() === 1) due.push({ kind: 'weekly', key: `weekly:${day}`, since: siteTime(addDays(day, -7), DIGEST_HOUR), until });
  return due;
}
