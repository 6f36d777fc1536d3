import { Ctx, Field, ID, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../lib/context.js';

@ObjectType('BreakingNewsItem', { description: 'A headline for the breaking-news ticker.' })
export class BreakingNewsItemType {
  @Field(() => ID)
  id!: number;

  @Field(() => String)
  title!: string;
}

@Resolver(() => BreakingNewsItemType)
export class BreakingNewsResolver {
  @Query(() => [BreakingNewsItemType], { description: 'Ticker headlines in display order.' })
  breakingNews(@Ctx() ctx: GraphQLContext) {
    return ctx.services.breakingNews.list();
  }
}
