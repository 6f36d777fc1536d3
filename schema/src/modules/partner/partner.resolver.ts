import { Arg, Ctx, Field, ID, ObjectType, Query, registerEnumType, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../lib/context.js';

export enum PartnerPlacement {
  SIDEBAR = 'sidebar',
  PROMOTION = 'promotion',
}
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
  placement!: PartnerPlacement;
}

@Resolver(() => PartnerType)
export class PartnerResolver {
  @Query(() => [PartnerType], { description: 'Partner promotions, optionally for one placement.' })
  partners(
    @Ctx() ctx: GraphQLContext,
    @Arg('placement', () => PartnerPlacement, { nullable: true }) placement?: PartnerPlacement | null,
  ) {
    return ctx.services.partners.list(placement);
  }
}
