/**
 * A domain offer's structured fields and their rules: the offer amount in whole AUD, an optional
 * company and Australian Business Number (checked with the ABN checksum) and a timeframe.
 */

/** The largest offer the form takes: a billion dollars (it fits PostgreSQL's int and GraphQL's Int). */
export const MAX_OFFER_AUD = 1_000_000_000;

export const OFFER_TIMEFRAMES = [
  { value: 'immediately', label: 'Ready to proceed now' },
  { value: 'within_1_month', label: 'Within 1 month' },
  { value: 'within_3_months', label: 'Within 3 months' },
  { value: 'exploring', label: 'Exploring options' },
] as const;

export type OfferTimeframe = (typeof OFFER_TIMEFRAMES)[number]['value'];

export const OFFER_TIMEFRAME_VALUES = OFFER_TIMEFRAMES.map((t) => t.value) as [OfferTimeframe, ...OfferTimeframe[]];

export const OFFER_TIMEFRAME_LABELS = Object.fromEntries(OFFER_TIMEFRAMES.map((t) => [t.value, t.label])) as Record<OfferTimeframe, string>;

export interface DomainOffer {
  amountAud: number;
  company: string | null;
  /** 11 digits, no spaces. */
  abn: string | null;
  timeframe: OfferTimeframe;
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * The Australian Business Register's ABN check: subtract 1 from the first digit, weight the 11
 * digits by 10, 1, 3, 5, ..., 19, and the sum must divide by 89. Spaces are allowed as typed
 * ("51 824 753 556"); anything else but 11 digits fails.
 */
export function isValidAbn(raw: string): boolean {
  const digits = raw.replace(/ /g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce((total, char, index) => total + (Number(char) - (index === 0 ? 1 : 0)) * ABN_WEIGHTS[index], 0);
  return sum % 89 === 0;
}

/** An ABN as stored: its 11 digits. */
export function normaliseAbn(raw: string): string {
  return raw.replace(/ /g, '');
}

/** An ABN as printed by the register: 51 824 753 556. */
export function formatAbn(digits: string): string {
  return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4');
}
