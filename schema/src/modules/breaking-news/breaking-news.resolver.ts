import { Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../runtime/request-context.js';
import { BreakingNewsItemType } from './breaking-news.types.js';

@Resolver(() => BreakingNewsItemType)
export class BreakingNewsResolver {
  @Query(() => [BreakingNewsItemType], { description: 'Ticker headlines in display order.' })
  breakingNews(@Ctx() ctx: RequestContext) {
    return ctx.services.breakingNews.list();
  }
}
