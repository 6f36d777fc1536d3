/** The newsletter's pages; each also takes its form by POST without JavaScript (gateway/src/ssr/newsletter-form.routes.ts). */
export const NEWSLETTER_PATH = '/newsletter';
export const NEWSLETTER_CONFIRM_PATH = '/newsletter/confirm';
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';
export const NEWSLETTER_PREFERENCES_PATH = '/newsletter/preferences';

/** What a posted form comes back to: `/newsletter?done=subscribed` or `?problem=email`. */
export const NEWSLETTER_OUTCOMES = {
  subscribed: 'Thanks: if this address can receive our newsletter, a confirmation e-mail is on its way. Click its link within 48 hours to start your subscription.',
  confirmed: 'Your subscription is confirmed. Your first digest arrives at 7 am Sydney time.',
  unsubscribed: 'You are unsubscribed: no more newsletters will be sent to this address.',
  updated: 'Your newsletter preferences are saved.',
} as const;
export type NewsletterOutcome = keyof typeof NEWSLETTER_OUTCOMES;

export const NEWSLETTER_PROBLEMS = {
  email: 'Enter an e-mail address such as name@example.com.au.',
  categories: 'Choose categories from the list.',
  frequency: 'Choose daily, weekly or both.',
  page: 'The form was sent from an unknown page: please try again.',
  token: 'This link is not valid any more: it may have expired (48 hours), been used already, or been cut short. Subscribe again for a new one.',
  limit: 'Too many requests from your network: please try again in an hour.',
} as const;
export type NewsletterProblem = keyof typeof NEWSLETTER_PROBLEMS;
