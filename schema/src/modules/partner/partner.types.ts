import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { enumOf } from '../../lib/graphql-enum.js';
import { PARTNER_PLACEMENTS, type PartnerPlacementValue } from './partner-placements.js';

/** The GraphQL enum of PARTNER_PLACEMENTS: SIDEBAR = 'sidebar', PROMOTION = 'promotion'. */
export const PartnerPlacement = enumOf(PARTNER_PLACEMENTS);
registerEnumType(PartnerPlacement, {
  name: 'PartnerPlacement',
  description: 'Where a partner promotion is shown.',
});

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
