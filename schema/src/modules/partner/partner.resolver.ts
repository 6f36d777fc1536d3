import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../runtime/request-context.js';
import type { PartnerPlacementValue } from './partner-placements.js';
import { PartnerPlacement, PartnerType } from './partner.types.js';

@Resolver(() => PartnerType)
export class PartnerResolver {
  @Query(() => [PartnerType], { description: 'Partner promotions, optionally for one placement.' })
  partners(
    @Ctx() ctx: RequestContext,
    @Arg('placement', () => PartnerPlacement, { nullable: true }) placement?: PartnerPlacementValue | null,
  ) {
    return ctx.services.partners.list(placement);
  }
}
