import { stringify } from 'csv-stringify/sync';
import type { InquiryView } from './contact.service.js';

export const CSV_COLUMNS = [
  'reference', 'createdAt', 'inquiryType', 'priority', 'name', 'email', 'subject', 'message',
  // A domain offer's fields (empty for other inquiries), after the original columns.
  'offerAmountAud', 'offerCompany', 'offerAbn', 'offerTimeframe',
] as const;

/**
 * Characters a spreadsheet may read as the start of a formula or a command (DDE): = + - @ | %, their
 * fullwidth forms (which some spreadsheets fold to ASCII) and their small forms.
 */
const FORMULA_START = '=+\\-@|%\uFF1D\uFF0B\uFF0D\uFF20\uFF5C\uFF05\uFE66\uFE62\uFE63\uFE6B\uFE6A';
/**
 * What may stand unseen before such a character: whitespace and control characters, format
 * characters (zero-width spaces and joiners, direction marks, the BOM, soft hyphens), variation
 * selectors, the combining grapheme joiner and the Hangul and Braille blanks.
 */
const UNSEEN = '\\s\\p{Cc}\\p{Cf}\\p{Zs}\\p{Zl}\\p{Zp}\\uFE00-\\uFE0F\\u034F\\u115F\\u1160\\u3164\\uFFA0\\u2800';
/**
 * A separator inside the cell (`;` `,` tab, and line breaks, where a tool that splits naively starts
 * a new cell) or the start of the cell, then anything unseen, then a formula character. Separators
 * come first, so one at the very start is itself followed by a quote.
 */
const DANGEROUS = new RegExp(`([;,\\t\\r\\n]|^)(?=[${UNSEEN}]*[${FORMULA_START}])`, 'gu');

/**
 * CSV injection: every place a spreadsheet could start reading a formula gets a quote (`'`) in front,
 * which makes the rest of that cell text: the cell's start and the start of each part after a
 * separator, looking past whitespace and invisible characters. A cell that starts with a tab or a
 * line break is quoted too. The text is otherwise kept as written.
 */
export function neutraliseCell(value: string): string {
  const quoted = value.replace(DANGEROUS, "$1'");
  return /^[\t\r\n]/.test(quoted) ? `'${quoted}` : quoted;
}

export function inquiriesToCsv(inquiries: InquiryView[]): string {
  return stringify(
    inquiries.map((i) => ({
      reference: i.reference,
      createdAt: i.createdAt.toISOString(),
      inquiryType: i.inquiryType,
      priority: i.priority ? 'yes' : 'no',
      name: neutraliseCell(i.name),
      email: neutraliseCell(i.email),
      subject: neutraliseCell(i.subject),
      message: neutraliseCell(i.message),
      offerAmountAud: i.offer ? String(i.offer.amountAud) : '',
      offerCompany: i.offer?.company ? neutraliseCell(i.offer.company) : '',
      offerAbn: i.offer?.abn ?? '',
      offerTimeframe: i.offer?.timeframe ?? '',
    })),
    // Every cell quoted: a separator inside a cell never splits it, whatever separator a reader assumes.
    { header: true, columns: [...CSV_COLUMNS], quoted: true, quoted_empty: true },
  );
}
