import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { DEFAULT_PAGE_SIZE } from '../../lib/pagination.js';
import type { RequestContext } from '../../runtime/request-context.js';
import { toArticleConnection } from '../article/article.resolver.js';
import { ArticleConnectionType } from '../article/article.types.js';
import type { CategoryView } from './category.service.js';
import { CategoryType } from './category.types.js';

@Resolver(() => CategoryType)
export class CategoryResolver {
  @Query(() => [CategoryType], { description: 'The browsing categories, in display order.' })
  categories(@Ctx() ctx: RequestContext) {
    return ctx.services.categories.list();
  }

  @Query(() => CategoryType, { nullable: true, description: 'One category by slug; null when unknown.' })
  category(@Arg('slug', () => String) slug: string, @Ctx() ctx: RequestContext) {
    return ctx.services.categories.findBySlug(slug);
  }

  @FieldResolver(() => ArticleConnectionType, { description: 'Articles of this category, newest first, cursor-paginated.' })
  async articles(
    @Root() category: CategoryView,
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { nullable: true, defaultValue: DEFAULT_PAGE_SIZE }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<ArticleConnectionType> {
    return toArticleConnection(await ctx.services.articles.page({ first, after, category: category.slug }), category.slug);
  }

  @FieldResolver(() => Int, { description: 'Articles readers can see in this category (the same count as articles.totalCount).' })
  articleCount(@Root() category: CategoryView, @Ctx() ctx: RequestContext): Promise<number> {
    return ctx.services.articles.count(category.slug);
  }
}
