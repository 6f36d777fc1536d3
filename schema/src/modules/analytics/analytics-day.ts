/**
 * Days are the site's days: a reader in Sydney at 00:30 is on the new day. Every aggregate, the
 * visitor salt and the dashboard's ranges use this zone.
 */
export const ANALYTICS_TIME_ZONE = 'Australia/Sydney';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: ANALYTICS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day (YYYY-MM-DD) of an instant in the site's time zone. */
export function analyticsDay(at: Date): string {
  return dayFormat.format(at);
}

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Every day from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}
