import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../runtime/request-context.js';
import { BreakingNewsInput, BreakingNewsItemType, EditorBreakingNewsItemType } from './breaking-news.types.js';

const EDITOR_ONLY = 'Editor or admin role: send Authorization: Bearer <token>.';

@Resolver(() => BreakingNewsItemType)
export class BreakingNewsResolver {
  @Query(() => [BreakingNewsItemType], { description: 'Ticker headlines in display order.' })
  breakingNews(@Ctx() ctx: RequestContext) {
    return ctx.services.breakingNews.list();
  }

  @Query(() => [EditorBreakingNewsItemType], { description: `Every ticker item, expired ones too, in display order. ${EDITOR_ONLY}` })
  async editorBreakingNews(@Ctx() ctx: RequestContext) {
    await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.breakingNews.listAll();
  }

  @Mutation(() => EditorBreakingNewsItemType, { description: `Adds a headline at the end of the ticker. ${EDITOR_ONLY}` })
  async createBreakingNews(@Arg('input', () => BreakingNewsInput) input: BreakingNewsInput, @Ctx() ctx: RequestContext) {
    await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.breakingNews.create(input);
  }

  @Mutation(() => EditorBreakingNewsItemType, { description: `Changes the fields sent; expiresAt in the past expires it now. ${EDITOR_ONLY}` })
  async updateBreakingNews(@Arg('id', () => ID) id: string, @Arg('input', () => BreakingNewsInput) input: BreakingNewsInput, @Ctx() ctx: RequestContext) {
    await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.breakingNews.update(id, input);
  }

  @Mutation(() => [EditorBreakingNewsItemType], {
    description: `Puts the items named first, in that order; the others keep their order after them. Answers the whole ticker. ${EDITOR_ONLY}`,
  })
  async reorderBreakingNews(@Arg('ids', () => [ID]) ids: string[], @Ctx() ctx: RequestContext) {
    await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.breakingNews.reorder(ids);
  }

  @Mutation(() => ID, { description: `Removes a ticker item; answers its id. ${EDITOR_ONLY}` })
  async deleteBreakingNews(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.breakingNews.remove(id);
  }
}
