import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { DEFAULT_PAGE_SIZE, toConnection } from '../../lib/pagination.js';
import type { RequestContext } from '../../runtime/request-context.js';
import { ArticleType } from '../article/article.types.js';
import type { ArticleView } from '../article/article-view.js';
import { CorrectionConnectionType, CorrectionInput, CorrectionType } from './correction.types.js';

@Resolver(() => CorrectionType)
export class CorrectionResolver {
  @Query(() => CorrectionConnectionType, { description: 'Every correction of a published article, newest first.' })
  async corrections(
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { nullable: true, defaultValue: DEFAULT_PAGE_SIZE }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<CorrectionConnectionType> {
    const connection = toConnection(await ctx.services.corrections.recent({ first, after }));
    return { nodes: connection.nodes, pageInfo: connection.pageInfo };
  }

  @Mutation(() => CorrectionType, {
    description: 'Adds a correction or clarification to a published article; its dateModified moves. Editor or admin role: send Authorization: Bearer <token>.',
  })
  async addCorrection(@Arg('articleId', () => ID) articleId: string, @Arg('input', () => CorrectionInput) input: CorrectionInput, @Ctx() ctx: RequestContext) {
    const editor = await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.corrections.add(articleId, input, editor);
  }
}

@Resolver(() => ArticleType)
export class ArticleCorrectionsResolver {
  @FieldResolver(() => [CorrectionType], { description: 'Its corrections and clarifications, newest first.' })
  corrections(@Root() article: ArticleView, @Ctx() ctx: RequestContext) {
    return ctx.services.corrections.forArticle(article.id);
  }
}
