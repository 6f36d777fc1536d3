import type { InquiryType } from '../../graphql/graphql';

export type InquiryValue = 'general' | 'domain' | 'advertising' | 'editorial' | 'technical';

/** Spec section 3: the selector's options in order; the form value maps to the GraphQL enum. */
export const INQUIRY_OPTIONS: readonly { value: InquiryValue; label: string; graphql: InquiryType }[] = [
  { value: 'general', label: 'General Inquiry', graphql: 'GENERAL' },
  { value: 'domain', label: 'Domain Purchase', graphql: 'DOMAIN' },
  { value: 'advertising', label: 'Advertising Partnership', graphql: 'ADVERTISING' },
  { value: 'editorial', label: 'Editorial Submission', graphql: 'EDITORIAL' },
  { value: 'technical', label: 'Technical Support', graphql: 'TECHNICAL' },
];

export const DEFAULT_INQUIRY_TYPE: InquiryValue = 'general';

export function toGraphqlInquiryType(value: InquiryValue): InquiryType {
  return INQUIRY_OPTIONS.find((o) => o.value === value)?.graphql ?? 'GENERAL';
}
