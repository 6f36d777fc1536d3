import { stringify } from 'csv-stringify/sync';
import type { InquiryView } from './contact.service.js';

export const CSV_COLUMNS = ['reference', 'createdAt', 'inquiryType', 'priority', 'name', 'email', 'subject', 'message'] as const;

/** Cells a spreadsheet would run as formulas are prefixed with a quote (CSV injection). */
function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function inquiriesToCsv(inquiries: InquiryView[]): string {
  return stringify(
    inquiries.map((i) => ({
      reference: i.reference,
      createdAt: i.createdAt.toISOString(),
      inquiryType: i.inquiryType,
      priority: i.priority ? 'yes' : 'no',
      name: neutralise(i.name),
      email: neutralise(i.email),
      subject: neutralise(i.subject),
      message: neutralise(i.message),
    })),
    { header: true, columns: [...CSV_COLUMNS] },
  );
}
