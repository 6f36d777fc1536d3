import { Ctx, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../runtime/request-context.js';
import { ArticleConnectionType } from './article.types.js';

@Resolver(() => ArticleConnectionType)
export class ArticleConnectionResolver {
  /** Counted only when asked for: most page reads do not need it. */
  @FieldResolver(() => Int, { description: 'All articles matching the filter, across pages.' })
  totalCount(@Root() connection: ArticleConnectionType, @Ctx() ctx: RequestContext) {
    return ctx.services.articles.count(connection.categorySlug);
  }
}
