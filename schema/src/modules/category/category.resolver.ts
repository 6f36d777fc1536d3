import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../lib/context.js';
import { CategoryType } from './category.types.js';

@Resolver(() => CategoryType)
export class CategoryResolver {
  @Query(() => [CategoryType], { description: 'The browsing categories, in display order.' })
  categories(@Ctx() ctx: GraphQLContext) {
    return ctx.services.categories.list();
  }

  @Query(() => CategoryType, { nullable: true, description: 'One category by slug; null when unknown.' })
  category(@Arg('slug', () => String) slug: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.categories.findBySlug(slug);
  }
}
