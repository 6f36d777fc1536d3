import { z } from 'zod';
import { type FieldProblem, ValidationError } from '../../lib/errors.js';
import { DEFAULT_NEWSLETTER_FREQUENCY, NEWSLETTER_FREQUENCIES, type NewsletterFrequency } from './newsletter-options.js';

export const NEWSLETTER_LIMITS = { email: 254, page: 300, categories: 20 } as const;

/** Anything below a space (line breaks included) or DEL: an address or a page becomes e-mail headers and links. */
const CONTROL = /[\u0000-\u001F\u007F\u2028\u2029]/;
/** A practical address: one @, a dotted domain, no spaces, quotes or angle brackets. */
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const SLUG = /^[a-z0-9-]{1,80}$/;

const singleLine = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .refine((value) => !CONTROL.test(value), `${label} must be a single line without control characters`)
    .transform((value) => value.trim())
    .refine((value) => value.length <= max, `${label} must be at most ${max} characters`);

const subscriptionSchema = z.object({
  email: singleLine('E-mail', NEWSLETTER_LIMITS.email)
    .refine((value) => value.length > 0, 'E-mail is required')
    .refine((value) => value.length === 0 || EMAIL.test(value), 'E-mail must be an address such as name@example.com.au'),
  categories: z
    .array(z.string({ error: 'Categories must be category slugs' }).regex(SLUG, 'Categories must be category slugs'), { error: 'Categories must be a list of category slugs' })
    .max(NEWSLETTER_LIMITS.categories, `Categories must name at most ${NEWSLETTER_LIMITS.categories} categories`)
    .optional(),
  frequency: z.enum(NEWSLETTER_FREQUENCIES, { error: `Frequency must be one of ${NEWSLETTER_FREQUENCIES.join(', ')}` }).optional(),
  /** A form's checkbox sends `on`; JSON a boolean. */
  breakingAlerts: z
    .union([z.boolean(), z.enum(['on', 'true', 'false'])], { error: 'Breaking alerts must be true or false' })
    .transform((value) => value === true || value === 'on' || value === 'true')
    .optional(),
  /** Where the form was: the consent record keeps it. */
  page: singleLine('Page', NEWSLETTER_LIMITS.page)
    .refine((value) => value === '' || /^\/[^\s\\]*$/.test(value), 'Page must be a path on this site, such as /newsletter')
    .optional(),
  /** Honeypot: hidden from people, filled by bots. */
  website: z.string().max(500).optional(),
});

export interface SubscriptionInput {
  email: string;
  categories: string[];
  frequency: NewsletterFrequency;
  breakingAlerts: boolean;
  page: string;
  website: string;
}

export interface PreferencesInput {
  categories: string[];
  frequency: NewsletterFrequency;
  breakingAlerts: boolean;
}

function problems(error: z.ZodError): ValidationError {
  // The first problem of each field: an overlong address is not also reported as malformed.
  const details: FieldProblem[] = [];
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'body');
    if (!details.some((d) => d.field === field)) details.push({ field, message: issue.message });
  }
  return new ValidationError(details.map((d) => d.message).join('; '), details);
}

/** A subscription request, checked field by field; 400 naming every bad field. Addresses are kept in lower case. */
export function validateSubscription(raw: unknown): SubscriptionInput {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ValidationError('The request body must be a JSON object', [{ field: 'body', message: 'Must be a JSON object' }]);
  }
  const parsed = subscriptionSchema.safeParse(raw);
  if (!parsed.success) throw problems(parsed.error);
  const { email, categories, frequency, breakingAlerts, page, website } = parsed.data;
  return {
    email: email.toLowerCase(),
    categories: [...new Set(categories ?? [])].sort(),
    frequency: frequency ?? DEFAULT_NEWSLETTER_FREQUENCY,
    breakingAlerts: breakingAlerts ?? false,
    page: page || '/newsletter',
    website: website ?? '',
  };
}

const preferencesSchema = subscriptionSchema.pick({ categories: true, frequency: true, breakingAlerts: true });

export function validatePreferences(raw: unknown): PreferencesInput {
  const parsed = preferencesSchema.safeParse(raw ?? {});
  if (!parsed.success) throw problems(parsed.error);
  return { categories: [...new Set(parsed.data.categories ?? [])].sort(), frequency: parsed.data.frequency ?? DEFAULT_NEWSLETTER_FREQUENCY, breakingAlerts: parsed.data.breakingAlerts ?? false };
}
