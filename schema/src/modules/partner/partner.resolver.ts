import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../runtime/request-context.js';
import type { PartnerPlacementValue } from './partner-placements.js';
import { EditorPartnerType, PartnerInput, PartnerPlacement, PartnerType } from './partner.types.js';

const EDITOR_ONLY = 'Editor or admin role: send Authorization: Bearer <token>.';

@Resolver(() => PartnerType)
export class PartnerResolver {
  @Query(() => [PartnerType], { description: 'Partner promotions, optionally for one placement.' })
  partners(
    @Ctx() ctx: RequestContext,
    @Arg('placement', () => PartnerPlacement, { nullable: true }) placement?: PartnerPlacementValue | null,
  ) {
    return ctx.services.partners.list(placement);
  }

  @Query(() => [EditorPartnerType], { description: `Every partner, disabled ones too. ${EDITOR_ONLY}` })
  async editorPartners(@Ctx() ctx: RequestContext) {
    await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.partners.listAll();
  }

  @Mutation(() => EditorPartnerType, { description: `Adds a partner. ${EDITOR_ONLY}` })
  async createPartner(@Arg('input', () => PartnerInput) input: PartnerInput, @Ctx() ctx: RequestContext) {
    await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.partners.create(input);
  }

  @Mutation(() => EditorPartnerType, { description: `Changes the fields sent: texts, link, placement; enabled false disables it. ${EDITOR_ONLY}` })
  async updatePartner(@Arg('id', () => ID) id: string, @Arg('input', () => PartnerInput) input: PartnerInput, @Ctx() ctx: RequestContext) {
    await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.partners.update(id, input);
  }
}
