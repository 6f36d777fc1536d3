import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { DEFAULT_INQUIRY_PAGE_SIZE, MAX_PAGE_SIZE } from '../../lib/pagination.js';
import { InquiryType, OfferTimeframeType } from './contact.types.js';
import { CONTACT_LIMITS } from './contact.validation.js';
import { MAX_OFFER_AUD, type OfferTimeframe } from './domain-offer.js';
import { DEFAULT_INQUIRY_TYPE, type InquiryTypeValue } from './inquiry-types.js';

/** A domain purchase's offer (shape only; the rules live in contact.validation.ts). */
@InputType('DomainOfferInput')
export class DomainOfferInput {
  @Field(() => Int, { description: `The offer in whole Australian dollars, from the minimum offer (when one is set) to ${MAX_OFFER_AUD}.` })
  amountAud!: number;

  @Field(() => String, { nullable: true, description: 'The buying company, at most 200 characters.' })
  company?: string | null;

  @Field(() => String, { nullable: true, description: 'Australian Business Number: 11 digits (spaces allowed), checked with the ABN checksum.' })
  abn?: string | null;

  @Field(() => OfferTimeframeType)
  timeframe!: OfferTimeframe;
}

/** Shape only; the rules (trimming, lengths, email) live in contact.validation.ts for both APIs. */
@InputType('ContactMessageInput')
export class ContactMessageInput {
  @Field(() => String, { description: `Required, at most ${CONTACT_LIMITS.name} characters.` })
  name!: string;

  @Field(() => String, { description: `A valid address, at most ${CONTACT_LIMITS.email} characters.` })
  email!: string;

  @Field(() => String, { description: `Required, at most ${CONTACT_LIMITS.subject} characters.` })
  subject!: string;

  @Field(() => String, { description: `Required, at most ${CONTACT_LIMITS.message} characters.` })
  message!: string;

  @Field(() => InquiryType, { defaultValue: DEFAULT_INQUIRY_TYPE })
  inquiryType!: InquiryTypeValue;

  @Field(() => DomainOfferInput, { nullable: true, description: "A domain purchase's offer; only with inquiryType DOMAIN." })
  offer?: DomainOfferInput | null;

  @Field(() => String, { nullable: true, description: 'Leave empty. Automated spam detection: messages that fill it are discarded.' })
  website?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'A key of your choosing (e.g. a UUID), new for each message and the same when retrying it: a retry within 24 hours answers the original receipt and stores nothing; the same key with a different message is refused (IDEMPOTENCY_KEY_REUSED). The Idempotency-Key HTTP header works too.',
  })
  idempotencyKey?: string | null;
}

/** The owner's inquiry list: a page size, the previous page's endCursor and a type filter. */
@ArgsType()
export class InquiriesArgs {
  @Field(() => Int, {
    nullable: true,
    defaultValue: DEFAULT_INQUIRY_PAGE_SIZE,
    description: `Page size, 1-${MAX_PAGE_SIZE} (larger values are capped).`,
  })
  first!: number;

  @Field(() => String, { nullable: true, description: 'endCursor of the previous page.' })
  after?: string | null;

  @Field(() => InquiryType, { nullable: true, description: 'Only inquiries of this type.' })
  type?: InquiryTypeValue | null;
}
