/**
 * The inquiry types, defined once: stored values (entity, REST, CSV), their labels (the contact
 * form, notification e-mails, GraphQL descriptions) and their order (the form's selector, as in
 * docs/product.md). Everything else derives from this list; the web reads it through the
 * `inquiryTypes` query. The first is the default.
 */
export const INQUIRY_TYPE_OPTIONS = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'domain', label: 'Domain Purchase' },
  { value: 'advertising', label: 'Advertising Partnership' },
  { value: 'editorial', label: 'Editorial Submission' },
  { value: 'technical', label: 'Technical Support' },
] as const;

export type InquiryTypeValue = (typeof INQUIRY_TYPE_OPTIONS)[number]['value'];

export const INQUIRY_TYPES: readonly [InquiryTypeValue, ...InquiryTypeValue[]] = [
  INQUIRY_TYPE_OPTIONS[0].value,
  ...INQUIRY_TYPE_OPTIONS.slice(1).map((option) => option.value),
];

export const INQUIRY_TYPE_LABELS = Object.fromEntries(INQUIRY_TYPE_OPTIONS.map((o) => [o.value, o.label])) as Record<InquiryTypeValue, string>;

export const DEFAULT_INQUIRY_TYPE: InquiryTypeValue = INQUIRY_TYPES[0];

/** Domain purchases are promised a same-day answer: their inquiries are stored and sent as priority. */
export const PRIORITY_INQUIRY_TYPE: InquiryTypeValue = 'domain';

export function isInquiryType(value: unknown): value is InquiryTypeValue {
  return typeof value === 'string' && (INQUIRY_TYPES as readonly string[]).includes(value);
}
