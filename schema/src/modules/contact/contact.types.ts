import { Field, GraphQLISODateTime, ID, ObjectType, registerEnumType } from 'type-graphql';
import { enumOf } from '../../lib/graphql-enum.js';
import { PageInfoType } from '../../lib/pagination.js';
import { INQUIRY_TYPE_OPTIONS, INQUIRY_TYPES, type InquiryTypeValue } from './inquiry-types.js';

/** The GraphQL enum of INQUIRY_TYPES (GENERAL = 'general', ...), each described by its label. */
export const InquiryType = enumOf(INQUIRY_TYPES);
registerEnumType(InquiryType, {
  name: 'InquiryType',
  description: 'What a contact message is about.',
  valuesConfig: Object.fromEntries(INQUIRY_TYPE_OPTIONS.map((o) => [o.value.toUpperCase(), { description: o.label }])),
});

@ObjectType('InquiryTypeOption', { description: 'An inquiry type as the contact form offers it.' })
export class InquiryTypeOptionType {
  @Field(() => InquiryType)
  value!: InquiryTypeValue;

  @Field(() => String, { description: 'What readers see, e.g. "Domain Purchase".' })
  label!: string;
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
  inquiryType!: InquiryTypeValue;

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
