const longDate = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Australia/Sydney',
});

/** The publish date in en-AU long format, e.g. "21 November 2026", in Sydney time on server and client alike. */
export function formatLongDate(value: string | Date): string {
  return longDate.format(new Date(value));
}
