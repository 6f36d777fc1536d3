import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { DEFAULT_PAGE_SIZE } from '../../lib/pagination.js';
import type { RequestContext } from '../../runtime/request-context.js';
import { toArticleConnection } from '../article/article.resolver.js';
import { ArticleConnectionType, ArticleType } from '../article/article.types.js';
import type { ArticleView } from '../article/article-view.js';
import { CategoryType } from '../category/category.types.js';
import { AuthorInput } from './author.inputs.js';
import type { AuthorView } from './author.service.js';
import { AuthorType } from './author.types.js';

const EDITOR_ONLY = 'Editor or admin role: send Authorization: Bearer <token>.';

@Resolver(() => AuthorType)
export class AuthorResolver {
  @Query(() => [AuthorType], { description: 'Every author, by name.' })
  authors(@Ctx() ctx: RequestContext) {
    return ctx.services.authors.list();
  }

  @Query(() => AuthorType, { nullable: true, description: 'One author by slug; null when unknown.' })
  author(@Arg('slug', () => String) slug: string, @Ctx() ctx: RequestContext) {
    return ctx.services.authors.findBySlug(slug);
  }

  @FieldResolver(() => ArticleConnectionType, { description: 'Their articles, newest first, cursor-paginated.' })
  async articles(
    @Root() author: AuthorView,
    @Ctx() ctx: RequestContext,
    @Arg('first', () => Int, { nullable: true, defaultValue: DEFAULT_PAGE_SIZE }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<ArticleConnectionType> {
    return toArticleConnection(await ctx.services.authors.articles(author, { first, after }), null);
  }

  @FieldResolver(() => [CategoryType], { description: 'The categories they cover, in their order.' })
  async categories(@Root() author: AuthorView, @Ctx() ctx: RequestContext) {
    const all = await ctx.services.categories.list();
    return author.categorySlugs.flatMap((slug) => all.filter((category) => category.slug === slug));
  }

  @Mutation(() => AuthorType, { description: `Creates an author. Invalid input answers BAD_USER_INPUT naming every field. ${EDITOR_ONLY}` })
  async createAuthor(@Arg('input', () => AuthorInput) input: AuthorInput, @Ctx() ctx: RequestContext) {
    const editor = await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.authors.create(input, editor);
  }

  @Mutation(() => AuthorType, { description: `Changes an author; a new name rewrites their bylines. ${EDITOR_ONLY}` })
  async updateAuthor(@Arg('slug', () => String) slug: string, @Arg('input', () => AuthorInput) input: AuthorInput, @Ctx() ctx: RequestContext) {
    const editor = await ctx.services.editors.require(ctx.viewer, 'content');
    return ctx.services.authors.update(slug, input, editor);
  }
}

/** Article.author stays the byline text existing clients read; the profile is a field beside it. */
@Resolver(() => ArticleType)
export class ArticleAuthorResolver {
  @FieldResolver(() => AuthorType, { nullable: true, description: 'The author whose name the byline carries; null when none has it.' })
  authorProfile(@Root() article: ArticleView, @Ctx() ctx: RequestContext) {
    return ctx.services.authors.forByline(article.author);
  }
}
