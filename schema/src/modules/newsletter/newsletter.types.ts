import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { enumOf } from '../../lib/graphql-enum.js';
import { MOST_READ_PERIODS } from '../analytics/most-read.service.js';
import { NEWSLETTER_FREQUENCIES, type NewsletterFrequency } from './newsletter-options.js';

export const NewsletterFrequencyType = enumOf(NEWSLETTER_FREQUENCIES);
registerEnumType(NewsletterFrequencyType, { name: 'NewsletterFrequency', description: 'How often digests arrive: daily at 7 am Sydney time, weekly on Monday, or both.' });

export const MostReadPeriodType = enumOf(MOST_READ_PERIODS);
registerEnumType(MostReadPeriodType, { name: 'MostReadPeriod', description: 'The last 24 hours (day) or the last 7 days (week).' });

@ObjectType('NewsletterAnswer', { description: 'The same answer whether or not the address was already known.' })
export class NewsletterAnswerType {
  @Field(() => String)
  message!: string;
}

@ObjectType('NewsletterPreferences')
export class NewsletterPreferencesType {
  @Field(() => String)
  email!: string;

  @Field(() => [String], { description: 'Category slugs; empty means every category.' })
  categories!: string[];

  @Field(() => NewsletterFrequencyType)
  frequency!: NewsletterFrequency;

  @Field(() => Boolean, { description: 'An e-mail when a story is flagged breaking news, too.' })
  breakingAlerts!: boolean;

  @Field(() => Boolean, { description: 'Confirmed and not unsubscribed.' })
  subscribed!: boolean;
}
