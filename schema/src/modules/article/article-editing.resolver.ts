import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, toConnection } from '../../lib/pagination.js';
import type { RequestContext } from '../../runtime/request-context.js';
import type { ArticleStateValue } from './article-editing.service.js';
import type { ArticleKindValue } from './article-kinds.js';
import { ArticleKind } from './article.types.js';
import { COVER_UPLOAD_LIMITS } from './cover-upload.validation.js';
import {
  ArticleInput,
  ArticleRevisionConnectionType,
  ArticleState,
  EditorArticleConnectionType,
  EditorArticleType,
  toRevisionType,
} from './article-editing.types.js';

const EDITOR_ONLY = 'Editor or admin role: send Authorization: Bearer <token>.';

/** The newsroom's article API: every field asks for the editor role first (services.editors.require). */
@Resolver()
export class ArticleEditingResolver {
  @Query(() => EditorArticleConnectionType, {
    description: `Every article, drafts and scheduled ones too, newest publishedAt first. ${EDITOR_ONLY}`,
  })
  async editorArticles(
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { nullable: true, defaultValue: DEFAULT_PAGE_SIZE, description: `1-${MAX_PAGE_SIZE}.` }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'endCursor of the previous page.' }) after?: string | null,
    @Arg('category', () => String, { nullable: true, description: 'Category slug.' }) category?: string | null,
    @Arg('state', () => ArticleState, { nullable: true }) state?: ArticleStateValue | null,
    @Arg('kind', () => ArticleKind, { nullable: true, description: 'Only articles of this kind (news, analysis, opinion...).' }) kind?: ArticleKindValue | null,
  ): Promise<EditorArticleConnectionType> {
    await ctx.services.editors.require(ctx.viewer, 'content');
    return toConnection(await ctx.services.articleEditing.list({ first, after, category, state, kind }));
  }

  @Query(() => EditorArticleType, { description: `One article whatever its status. ${EDITOR_ONLY}` })
  async editorArticle(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.articleEditing.get(id);
  }

  @Query(() => ArticleRevisionConnectionType, {
    description: `Every change to an article, newest first: who, when, and each field before and after. ${EDITOR_ONLY}`,
  })
  async articleRevisions(
    @Ctx() ctx: RequestContext,
    @Arg('articleId', () => ID) articleId: string,
    @Arg('first', () => Int, { nullable: true, defaultValue: DEFAULT_PAGE_SIZE }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<ArticleRevisionConnectionType> {
    await ctx.services.editors.require(ctx.viewer, 'content');
    const page = await ctx.services.articleEditing.revisions(articleId, { first, after });
    const connection = toConnection(page);
    return { nodes: connection.nodes.map(toRevisionType), pageInfo: connection.pageInfo };
  }

  @Mutation(() => EditorArticleType, {
    description: `Publishes (or schedules, or drafts) an article. Invalid input answers BAD_USER_INPUT naming every field. ${EDITOR_ONLY}`,
  })
  async createArticle(@Arg('input', () => ArticleInput) input: ArticleInput, @Ctx() ctx: RequestContext) {
    const editor = await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.articleEditing.create(input, editor);
  }

  @Mutation(() => EditorArticleType, { description: `Changes the fields sent; the others stay. ${EDITOR_ONLY}` })
  async updateArticle(@Arg('id', () => ID) id: string, @Arg('input', () => ArticleInput) input: ArticleInput, @Ctx() ctx: RequestContext) {
    const editor = await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.articleEditing.update(id, input, editor);
  }

  @Mutation(() => EditorArticleType, {
    description:
      `Uploads the article's cover: a JPEG, PNG or WebP image of at most ${COVER_UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB and ` +
      `${COVER_UPLOAD_LIMITS.maxPixels / 1_000_000} megapixels, checked by its content and re-encoded without metadata. ` +
      `imageUrl then points at it (a new URL for every new picture). A refused image answers BAD_USER_INPUT naming the field cover, ` +
      `or PAYLOAD_TOO_LARGE. ${EDITOR_ONLY}`,
  })
  async uploadArticleCover(
    @Arg('id', () => ID) id: string,
    @Arg('imageBase64', () => String, { description: 'The image file in base64 (a data: URL prefix is accepted).' }) imageBase64: string,
    @Ctx() ctx: RequestContext,
  ) {
    const editor = await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.articleCovers.uploadBase64(id, imageBase64, editor);
  }

  @Mutation(() => EditorArticleType, { description: `Removes the article's uploaded cover: its generated cover art returns. ${EDITOR_ONLY}` })
  async removeArticleCover(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    const editor = await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.articleCovers.remove(id, editor);
  }

  @Mutation(() => EditorArticleType, { description: `Takes an article away from readers (status DRAFT). ${EDITOR_ONLY}` })
  async unpublishArticle(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    const editor = await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.articleEditing.unpublish(id, editor);
  }

  @Mutation(() => ID, { description: `Deletes an article; answers its id. Its revisions stay. ${EDITOR_ONLY}` })
  async deleteArticle(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    const editor = await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.articleEditing.delete(id, editor);
  }
}
