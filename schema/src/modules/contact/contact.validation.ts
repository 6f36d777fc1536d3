import { z } from 'zod';
import { type FieldProblem, ValidationError } from '../../lib/errors.js';
import { isValidAbn, MAX_OFFER_AUD, normaliseAbn, OFFER_TIMEFRAME_VALUES } from './domain-offer.js';
import { DEFAULT_INQUIRY_TYPE, INQUIRY_TYPES, PRIORITY_INQUIRY_TYPE } from './inquiry-types.js';

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

/** Control characters other than tab and line breaks have no place in a message. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Half of a UTF-16 pair on its own cannot be stored or e-mailed. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Fields that become e-mail header lines. */
const SINGLE_LINE_FIELDS = new Set(['name', 'subject']);

const requiredText = (field: keyof typeof CONTACT_LIMITS, label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(CONTACT_LIMITS[field], `${label} must be at most ${CONTACT_LIMITS[field]} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${label} contains control characters`)
    .refine((value) => !LONE_SURROGATE.test(value), `${label} contains invalid characters`)
    .refine((value) => !SINGLE_LINE_FIELDS.has(field) || !/[\r\n\u2028\u2029]/.test(value), `${label} must be a single line`);

/** A domain offer: whole AUD within limits, an optional company and ABN (checksum), a timeframe. */
const offerSchema = z.strictObject(
  {
    amountAud: z
      .number({ error: 'Offer amount must be a whole number of Australian dollars' })
      .int('Offer amount must be a whole number of Australian dollars')
      .min(1, 'Offer amount must be at least A$1')
      .max(MAX_OFFER_AUD, `Offer amount must be at most A$${MAX_OFFER_AUD.toLocaleString('en-AU')}`),
    company: z
      .string({ error: 'Company must be text' })
      .trim()
      .max(200, 'Company must be at most 200 characters')
      .refine((value) => !CONTROL_CHARACTERS.test(value) && !LONE_SURROGATE.test(value) && !/[\r\n\u2028\u2029]/.test(value), 'Company must be a single line of text')
      .refine((value) => !/[<>]/.test(value), 'Company must not contain < or >')
      .nullish()
      .transform((value) => value || null),
    abn: z
      .string({ error: 'ABN must be text' })
      .trim()
      .max(20, 'ABN must be 11 digits')
      .refine((value) => value === '' || /^[\d ]+$/.test(value), 'ABN must be 11 digits')
      .refine((value) => value === '' || isValidAbn(value), 'ABN is not valid: check its 11 digits (ABN checksum)')
      .nullish()
      .transform((value) => (value ? normaliseAbn(value) : null)),
    timeframe: z.enum(OFFER_TIMEFRAME_VALUES, { error: `Timeframe must be one of: ${OFFER_TIMEFRAME_VALUES.join(', ')}` }),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'Offer must be an object' : undefined) },
);

/** The one contact rule set: GraphQL and REST both submit through ContactService, which applies it. */
export const contactMessageSchema = z.strictObject(
  {
    name: requiredText('name', 'Name'),
    email: z
      .string({ error: (issue) => (issue.input === undefined ? 'Email is required' : 'Email must be text') })
      .trim()
      .min(1, 'Email is required')
      .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters`)
      .pipe(z.email('Email must be a valid email address')),
    subject: requiredText('subject', 'Subject'),
    message: requiredText('message', 'Message'),
    inquiryType: z
      .enum(INQUIRY_TYPES, { error: `Inquiry type must be one of: ${INQUIRY_TYPES.join(', ')}` })
      .default(DEFAULT_INQUIRY_TYPE),
    /** Honeypot: hidden from people, filled in by bots. */
    website: z.string({ error: 'website must be text' }).max(500, 'website must be at most 500 characters').nullish(),
    /** A domain purchase may carry an offer (the offer form on /domain and the contact form). */
    offer: offerSchema.nullish(),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'The message must be a JSON object' : undefined) },
);

export type ContactMessageInput = z.output<typeof contactMessageSchema>;

export interface ContactRules {
  /** SALE_MIN_OFFER_AUD: an offer below it is refused. */
  minOfferAud?: number | null;
}

/** The rules that depend on settings or on several fields: offers go with domain inquiries, at least the minimum. */
function withRules(rules: ContactRules) {
  return contactMessageSchema.superRefine((value, ctx) => {
    if (!value.offer) return;
    if (value.inquiryType !== PRIORITY_INQUIRY_TYPE) {
      ctx.addIssue({ code: 'custom', path: ['offer'], message: "An offer goes with a 'Domain Purchase' inquiry" });
    }
    if (rules.minOfferAud && value.offer.amountAud < rules.minOfferAud) {
      ctx.addIssue({ code: 'custom', path: ['offer', 'amountAud'], message: `Offer amount must be at least the minimum offer of A$${rules.minOfferAud.toLocaleString('en-AU')}` });
    }
  });
}

export function validateContactMessage(raw: unknown, rules: ContactRules = {}): ContactMessageInput {
  const result = withRules(rules).safeParse(raw);
  if (result.success) return result.data;
  const fields: FieldProblem[] = [];
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields.push({ field: key, message: `Unknown field "${key}"` });
    } else {
      fields.push({ field: issue.path.map(String).join('.') || 'body', message: issue.message });
    }
  }
  const names = [...new Set(fields.map((f) => f.field))].join(', ');
  throw new ValidationError(`Invalid contact message: ${names}`, fields);
}
