import { Field, InputType } from 'type-graphql';
import { NewsletterFrequencyType } from './newsletter.types.js';
import type { NewsletterFrequency } from './newsletter-options.js';
import { NEWSLETTER_LIMITS } from './newsletter.validation.js';

/** Shape only; the rules live in newsletter.validation.ts for both APIs. */
@InputType('NewsletterSubscriptionInput')
export class NewsletterSubscriptionInput {
  @Field(() => String, { description: `A valid address, at most ${NEWSLETTER_LIMITS.email} characters.` })
  email!: string;

  @Field(() => [String], { nullable: true, description: 'Category slugs; none means every category.' })
  categories?: string[] | null;

  @Field(() => NewsletterFrequencyType, { nullable: true, description: 'Default daily.' })
  frequency?: NewsletterFrequency | null;

  @Field(() => Boolean, { nullable: true, description: 'Also an e-mail when a story is flagged breaking news. Default false.' })
  breakingAlerts?: boolean | null;

  @Field(() => String, { nullable: true, description: 'The page the form was on (kept as the consent record).' })
  page?: string | null;

  @Field(() => String, { nullable: true, description: 'Leave empty (a field hidden from people).' })
  website?: string | null;

  @Field(() => String, { nullable: true, description: 'Idempotency key: a retry with the same key answers the same and sends nothing more.' })
  idempotencyKey?: string | null;
}

@InputType('NewsletterPreferencesInput')
export class NewsletterPreferencesInput {
  @Field(() => [String], { nullable: true })
  categories?: string[] | null;

  @Field(() => NewsletterFrequencyType, { nullable: true })
  frequency?: NewsletterFrequency | null;

  @Field(() => Boolean, { nullable: true, description: 'Also an e-mail when a story is flagged breaking news. Default false.' })
  breakingAlerts?: boolean | null;
}
