/** How often a reader gets digests: one spelling for the GraphQL enum, the validation and the form. */
export const NEWSLETTER_FREQUENCIES = ['daily', 'weekly', 'both'] as const;
export type NewsletterFrequency = (typeof NEWSLETTER_FREQUENCIES)[number];
export const DEFAULT_NEWSLETTER_FREQUENCY: NewsletterFrequency = 'daily';

/** The digests, and which frequencies receive each. */
export const DIGEST_KINDS = ['daily', 'weekly'] as const;
export type DigestKind = (typeof DIGEST_KINDS)[number];
export const FREQUENCIES_OF: Record<DigestKind, readonly NewsletterFrequency[]> = { daily: ['daily', 'both'], weekly: ['weekly', 'both'] };
/** The outbox kind of a digest e-mail: what the owner's figures count as sent. */
export const DIGEST_MESSAGE_KIND = 'newsletter-digest';
/** What the newsletter sends besides the confirmation: the digests, and an alert for a story flagged breaking. */
export type NewsletterMailKind = DigestKind | 'breaking';
/** The outbox kind of a breaking-news alert. */
export const ALERT_MESSAGE_KIND = 'newsletter-alert';
/** A story flagged breaking is alerted while it is this new; one flagged later than that is not. */
export const BREAKING_ALERT_WINDOW_MS = 6 * 60 * 60 * 1_000;

/** The one answer to every accepted subscription request, whether the address was known or not. */
export const SUBSCRIBE_ANSWER = 'Thanks: if this address can receive our newsletter, a confirmation e-mail is on its way. Click its link within 48 hours to start your subscription.';

/** How long a confirmation link works. */
export const CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1_000;
/** A pending address gets another confirmation e-mail at most this often, however many requests name it. */
export const CONFIRMATION_RESEND_MS = 10 * 60 * 1_000;
