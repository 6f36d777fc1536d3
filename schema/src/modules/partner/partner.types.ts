import { Directive, Field, GraphQLISODateTime, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { PUBLIC_CACHE_HINT } from '../../lib/cache-hints.js';
import { enumOf } from '../../lib/graphql-enum.js';
import { PARTNER_PLACEMENTS, type PartnerPlacementValue } from './partner-placements.js';
import { PARTNER_LIMITS } from './partner.service.js';

/** The GraphQL enum of PARTNER_PLACEMENTS: SIDEBAR = 'sidebar', PROMOTION = 'promotion'. */
export const PartnerPlacement = enumOf(PARTNER_PLACEMENTS);
registerEnumType(PartnerPlacement, {
  name: 'PartnerPlacement',
  description: 'Where a partner promotion is shown.',
});

@Directive(PUBLIC_CACHE_HINT)
@ObjectType('Partner', { description: 'A sponsored hosting or VPN partner.' })
export class PartnerType {
  @Field(() => ID)
  id!: number;

  @Field(() => String)
  slug!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  description!: string;

  @Field(() => String)
  offer!: string;

  @Field(() => String, { description: 'Call-to-action label.' })
  cta!: string;

  @Field(() => String)
  affiliateUrl!: string;

  @Field(() => String, { description: 'Material icon name.' })
  icon!: string;

  @Field(() => String, { nullable: true })
  badge!: string | null;

  @Field(() => PartnerPlacement)
  placement!: PartnerPlacementValue;
}

@ObjectType('EditorPartner', { description: 'A partner as editors see it: disabled ones too.' })
export class EditorPartnerType extends PartnerType {
  @Field(() => Boolean, { description: 'Shown to readers; false keeps it off the site.' })
  enabled!: boolean;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;
}

/** Shape only: the rules live in partner.service.ts for both APIs. */
@InputType('PartnerInput')
export class PartnerInput {
  @Field(() => String, { nullable: true, description: 'Lowercase words joined by hyphens; made from the name when absent on create.' })
  slug?: string | null;

  @Field(() => String, { nullable: true, description: `Required on create; at most ${PARTNER_LIMITS.name} characters.` })
  name?: string | null;

  @Field(() => String, { nullable: true, description: `Required on create; at most ${PARTNER_LIMITS.description} characters.` })
  description?: string | null;

  @Field(() => String, { nullable: true, description: `Required on create; at most ${PARTNER_LIMITS.offer} characters.` })
  offer?: string | null;

  @Field(() => String, { nullable: true, description: `Call-to-action label. Required on create; at most ${PARTNER_LIMITS.cta} characters.` })
  cta?: string | null;

  @Field(() => String, { nullable: true, description: 'Required on create: an http:// or https:// address.' })
  affiliateUrl?: string | null;

  @Field(() => String, { nullable: true, description: 'Required on create: a Material icon name, e.g. Dns.' })
  icon?: string | null;

  @Field(() => String, { nullable: true, description: `At most ${PARTNER_LIMITS.badge} characters; null or empty: none.` })
  badge?: string | null;

  @Field(() => PartnerPlacement, { nullable: true, description: 'Required on create.' })
  placement?: PartnerPlacementValue | null;

  @Field(() => Boolean, { nullable: true, description: 'Default true; false takes the partner off the site.' })
  enabled?: boolean | null;
}
