import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../lib/errors.js';
import { validateContactMessage } from './contact.validation.js';
import { formatAbn, isValidAbn, MAX_OFFER_AUD } from './domain-offer.js';

/** The Australian Taxation Office's own ABN, as the register prints it. */
const ATO_ABN = '51 824 753 556';

const domainInquiry = (offer: unknown) => ({
  name: 'Buyer',
  email: 'buyer@example.com.au',
  subject: 'Offer',
  message: 'We would like to buy the domain.',
  inquiryType: 'domain',
  offer,
});

function problems(raw: unknown, rules = {}): Record<string, string> {
  try {
    validateContactMessage(raw, rules);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return Object.fromEntries((error as ValidationError).fields.map((f) => [f.field, f.message]));
  }
  return {};
}

describe('the ABN checksum', () => {
  it('accepts real ABNs, typed with or without spaces', () => {
    expect(isValidAbn(ATO_ABN)).toBe(true);
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('33 051 775 556')).toBe(true);
  });

  it('refuses a changed digit, a wrong length and anything but digits', () => {
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('15 824 753 556')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('518247535560')).toBe(false);
    expect(isValidAbn('5182475355a')).toBe(false);
    expect(isValidAbn('５１８２４７５３５５６')).toBe(false);
    expect(isValidAbn('')).toBe(false);
  });

  it('prints as the register does', () => {
    expect(formatAbn('51824753556')).toBe(ATO_ABN);
  });
});

describe('domain offers', () => {
  it('stores the amount, company, ABN (digits only) and timeframe', () => {
    const input = validateContactMessage(domainInquiry({ amountAud: 250_000, company: '  Acme Pty Ltd ', abn: ATO_ABN, timeframe: 'within_1_month' }));
    expect(input.offer).toEqual({ amountAud: 250_000, company: 'Acme Pty Ltd', abn: '51824753556', timeframe: 'within_1_month' });
  });

  it('keeps company and ABN optional, and an inquiry without an offer as before', () => {
    expect(validateContactMessage(domainInquiry({ amountAud: 5_000, timeframe: 'exploring' })).offer).toEqual({
      amountAud: 5_000,
      company: null,
      abn: null,
      timeframe: 'exploring',
    });
    expect(validateContactMessage(domainInquiry(undefined)).offer ?? null).toBeNull();
    expect(validateContactMessage({ ...domainInquiry(null), inquiryType: 'general' }).offer ?? null).toBeNull();
  });

  it('refuses an offer below the minimum offer, naming it', () => {
    expect(problems(domainInquiry({ amountAud: 49_999, timeframe: 'exploring' }), { minOfferAud: 50_000 })).toEqual({
      'offer.amountAud': 'Offer amount must be at least the minimum offer of A$50,000',
    });
    expect(problems(domainInquiry({ amountAud: 50_000, timeframe: 'exploring' }), { minOfferAud: 50_000 })).toEqual({});
  });

  it('refuses bad amounts: fractions, zero, negatives, strings, huge numbers, NaN-like values', () => {
    for (const amountAud of [10.5, 0, -1, '250000', 1e12, MAX_OFFER_AUD + 1, Number.MAX_SAFE_INTEGER * 10, null, true, [1], { n: 1 }]) {
      expect(problems(domainInquiry({ amountAud, timeframe: 'exploring' }))).toHaveProperty(['offer.amountAud']);
    }
  });

  it('refuses an ABN that fails the checksum, has letters or is too long', () => {
    for (const abn of ['51 824 753 557', '5182475355x', 'ABN51824753556', '1'.repeat(50), '<script>']) {
      expect(problems(domainInquiry({ amountAud: 1_000, abn, timeframe: 'exploring' }))).toHaveProperty(['offer.abn']);
    }
  });

  it('refuses markup, line breaks and control characters in the company, and over-long names', () => {
    for (const company of ['<script>alert(1)</script>', 'Acme\nBcc: x@y', 'Acme\u0000', 'x'.repeat(201)]) {
      expect(problems(domainInquiry({ amountAud: 1_000, company, timeframe: 'exploring' }))).toHaveProperty(['offer.company']);
    }
  });

  it('refuses an unknown timeframe, unknown offer fields and an offer on another inquiry type', () => {
    expect(problems(domainInquiry({ amountAud: 1_000, timeframe: 'someday' }))).toHaveProperty(['offer.timeframe']);
    expect(problems(domainInquiry({ amountAud: 1_000, timeframe: 'exploring', discount: 5 }))).toHaveProperty(['discount']);
    expect(problems({ ...domainInquiry({ amountAud: 1_000, timeframe: 'exploring' }), inquiryType: 'advertising' })).toEqual({
      offer: "An offer goes with a 'Domain Purchase' inquiry",
    });
    expect(problems(domainInquiry('250000'))).toEqual({ offer: 'Offer must be an object' });
  });
});
