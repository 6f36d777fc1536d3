import { ArgsType, Field, InputType, Int } from 'type-graphql';
import { DEFAULT_INQUIRY_PAGE_SIZE, MAX_PAGE_SIZE } from '../../lib/pagination.js';
import { InquiryType } from './contact.types.js';
import { CONTACT_LIMITS } from './contact.validation.js';
import { DEFAULT_INQUIRY_TYPE, type InquiryTypeValue } from './inquiry-types.js';

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

  @Field(() => String, { nullable: true, description: 'Leave empty. Automated spam detection: messages that fill it are discarded.' })
  website?: string | null;
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
