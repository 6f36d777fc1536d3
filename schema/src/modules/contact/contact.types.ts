import { Directive, Field, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PUBLIC_CACHE_HINT } from '../../lib/cache-hints.js';
import { enumOf } from '../../lib/graphql-enum.js';
import { PageInfoType } from '../../lib/pagination.js';
import { OFFER_TIMEFRAME_VALUES, OFFER_TIMEFRAMES, type OfferTimeframe } from './domain-offer.js';
import { INQUIRY_TYPE_OPTIONS, INQUIRY_TYPES, type InquiryTypeValue } from './inquiry-types.js';

/** The GraphQL enum of INQUIRY_TYPES (GENERAL = 'general', ...), each described by its label. */
export const InquiryType = enumOf(INQUIRY_TYPES);
registerEnumType(InquiryType, {
  name: 'InquiryType',
  description: 'What a contact message is about.',
  valuesConfig: Object.fromEntries(INQUIRY_TYPE_OPTIONS.map((o) => [o.value.toUpperCase(), { description: o.label }])),
});

/** When a buyer means to complete: WITHIN_1_MONTH = 'within_1_month', ... */
export const OfferTimeframeType = enumOf(OFFER_TIMEFRAME_VALUES);
registerEnumType(OfferTimeframeType, {
  name: 'OfferTimeframe',
  description: 'When a domain buyer means to complete the purchase.',
  valuesConfig: Object.fromEntries(OFFER_TIMEFRAMES.map((t) => [t.value.toUpperCase(), { description: t.label }])),
});

@ObjectType('DomainOffer', { description: "A domain purchase's offer, as the owner reads it." })
export class DomainOfferObject {
  @Field(() => Int, { description: 'Whole Australian dollars.' })
  amountAud!: number;

  @Field(() => String, { nullable: true })
  company!: string | null;

  @Field(() => String, { nullable: true, description: '11 digits.' })
  abn!: string | null;

  @Field(() => OfferTimeframeType)
  timeframe!: OfferTimeframe;
}

@Directive(PUBLIC_CACHE_HINT)
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

  @Field(() => DomainOfferObject, { nullable: true, description: "A domain purchase's offer, or null." })
  offer!: DomainOfferObject | null;

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
