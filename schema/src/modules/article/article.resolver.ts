import { Arg, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { clampPageSize, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, toConnection } from '../../lib/pagination.js';
import type { RequestContext } from '../../runtime/request-context.js';
import { type ArticlePage, type ArticleView, DEFAULT_RELATED_COUNT, parseArticleId, READING_WORDS_PER_MINUTE, readingMinutes } from './article.service.js';
import { ArticleConnectionType, ArticleType } from './article.types.js';

/** A service page as a Relay connection; the filter is kept so totalCount counts the same set. */
export function toArticleConnection(page: ArticlePage, categorySlug: string | null): ArticleConnectionType {
  return { ...toConnection(page), categorySlug, total: page.total };
}

@Resolver(() => ArticleType)
export class ArticleResolver {
  @Query(() => ArticleConnectionType, {
    description: `Articles newest first, cursor-paginated. At most ${MAX_PAGE_SIZE} per page (larger values are capped).`,
  })
  async articles(
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { nullable: true, defaultValue: DEFAULT_PAGE_SIZE }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'endCursor of the previous page.' }) after?: string | null,
    @Arg('category', () => String, { nullable: true, description: 'Category slug.' }) category?: string | null,
  ): Promise<ArticleConnectionType> {
    return toArticleConnection(await ctx.services.articles.page({ first, after, category }), category ?? null);
  }

  @Query(() => ArticleType, { nullable: true, description: 'One article by id; null when it does not exist.' })
  article(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.articles.findById(parseArticleId(id));
  }

  @FieldResolver(() => [ArticleType], {
    description: 'Other articles of the same category, newest first.',
  })
  related(
    @Root() article: ArticleView,
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { defaultValue: DEFAULT_RELATED_COUNT }) first: number,
  ) {
    return ctx.loaders.related(clampPageSize(first, DEFAULT_RELATED_COUNT)).load(article);
  }

  @FieldResolver(() => Int, { description: `Minutes to read the body at ${READING_WORDS_PER_MINUTE} words a minute (at least 1).` })
  readingMinutes(@Root() article: ArticleView): number {
    return readingMinutes(article.content);
  }
}
