const longDate = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Australia/Sydney',
});

const dateTime = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Australia/Sydney',
  timeZoneName: 'short',
});

/** A date with its time, e.g. "21 November 2026 at 2:30 pm AEDT", in Sydney time on server and client alike. */
export function formatDateTime(value: string | Date): string {
  return dateTime.format(new Date(value));
}

/** The publish date in en-AU long format, e.g. "21 November 2026", in Sydney time on server and client alike. */
export function formatLongDate(value: string | Date): string {
  return longDate.format(new Date(value));
}
