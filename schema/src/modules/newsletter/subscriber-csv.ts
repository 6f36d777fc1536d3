import { stringify } from 'csv-stringify/sync';
import { neutraliseCell } from '../contact/inquiry-csv.js';
import { DIGEST_KINDS, FREQUENCIES_OF, type NewsletterFrequency } from './newsletter-options.js';

export const SUBSCRIBER_CSV_COLUMNS = ['address', 'lists', 'confirmedAt'] as const;

export interface ExportedSubscriber {
  email: string;
  frequency: NewsletterFrequency;
  confirmedAt: Date;
}

/** The digest lists a frequency receives: `daily`, `weekly` or `daily;weekly`. */
export function listsOf(frequency: NewsletterFrequency): string {
  return DIGEST_KINDS.filter((kind) => FREQUENCIES_OF[kind].includes(frequency)).join(';');
}

/**
 * Subscribers as CSV rows, every cell quoted, the header only when asked (the export writes it once,
 * then a page at a time). An address may start with = + - | or % and still be valid, so it is
 * neutralised as an inquiry's cells are.
 */
export function subscribersToCsv(subscribers: ExportedSubscriber[], options: { header: boolean }): string {
  return stringify(
    subscribers.map((s) => ({ address: neutraliseCell(s.email), lists: listsOf(s.frequency), confirmedAt: s.confirmedAt.toISOString() })),
    { header: options.header, columns: [...SUBSCRIBER_CSV_COLUMNS], quoted: true, quoted_empty: true },
  );
}
