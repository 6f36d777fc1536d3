import { Field, GraphQLISODateTime, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { PageInfoType } from '../article/article.types.js';

export enum InquiryType {
  GENERAL = 'general',
  DOMAIN = 'domain',
  ADVERTISING = 'advertising',
  EDITORIAL = 'editorial',
  TECHNICAL = 'technical',
}
registerEnumType(InquiryType, {
  name: 'InquiryType',
  description: 'What a contact message is about.',
  valuesConfig: {
    GENERAL: { description: 'General Inquiry' },
    DOMAIN: { description: 'Domain Purchase' },
    ADVERTISING: { description: 'Advertising Partnership' },
    EDITORIAL: { description: 'Editorial Submission' },
    TECHNICAL: { description: 'Technical Support' },
  },
});

/** Shape only; the rules (trimming, lengths, email) live in contact.validation.ts for both APIs. */
@InputType('ContactMessageInput')
export class ContactMessageInput {
  @Field(() => String, { description: 'Required, at most 100 characters.' })
  name!: string;

  @Field(() => String, { description: 'A valid address, at most 254 characters.' })
  email!: string;

  @Field(() => String, { description: 'Required, at most 200 characters.' })
  subject!: string;

  @Field(() => String, { description: 'Required, at most 5000 characters.' })
  message!: string;

  @Field(() => InquiryType, { defaultValue: InquiryType.GENERAL })
  inquiryType!: InquiryType;

  @Field(() => String, { nullable: true, description: 'Leave empty. Automated spam detection: messages that fill it are discarded.' })
  website?: string | null;
}

@ObjectType('ContactMessageReceipt', { description: 'Proof that a message was stored.' })
export class ContactMessageReceipt {
  @Field(() => ID)
  id!: number;

  @Field(() => String, { description: 'Reference to quote, e.g. INQ-000123.' })
  reference!: string;

  @Field(() => GraphQLISODateTime)
  receivedAt!: Date;
}

@ObjectType('Inquiry', { description: 'A stored contact message, as the owner reads it.' })
export class InquiryObject {
  @Field(() => ID)
  id!: number;

  @Field(() => String)
  reference!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String)
  subject!: string;

  @Field(() => String)
  message!: string;

  @Field(() => InquiryType)
  inquiryType!: string;

  @Field(() => Boolean, { description: 'Domain purchases: a same-day reply is promised.' })
  priority!: boolean;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
}

@ObjectType('InquiryConnection')
export class InquiryConnection {
  @Field(() => [InquiryObject])
  nodes!: InquiryObject[];

  @Field(() => PageInfoType)
  pageInfo!: PageInfoType;
}
