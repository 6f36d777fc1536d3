import { Ctx, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../runtime/request-context.js';
import { ArticleConnectionType } from './article.types.js';

@Resolver(() => ArticleConnectionType)
export class ArticleConnectionResolver {
  /** Read with the page when it had rows (the same statement); counted on its own otherwise. */
  @FieldResolver(() => Int, { description: 'All articles matching the filter, across pages.' })
  totalCount(@Root() connection: ArticleConnectionType, @Ctx() ctx: RequestContext) {
    return connection.total ?? ctx.services.articles.count(connection.categorySlug);
  }
}
