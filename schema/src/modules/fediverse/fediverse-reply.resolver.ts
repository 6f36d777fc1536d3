import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../runtime/request-context.js';
import type { ArticleView } from '../article/article-view.js';
import { ArticleType } from '../article/article.types.js';
import { FediverseReplyType } from './fediverse-reply.types.js';
import { REPLIES_SHOWN } from './fediverse-reply.service.js';

@Resolver(() => ArticleType)
export class ArticleFediverseRepliesResolver {
  @FieldResolver(() => [FediverseReplyType], { description: `Replies from the fediverse an editor approved, newest first: at most ${REPLIES_SHOWN}.` })
  fediverseReplies(@Root() article: ArticleView, @Ctx() ctx: RequestContext) {
    return ctx.services.fediverseReplies.approved(article.id);
  }
}
