import { Directive, Field, GraphQLISODateTime, ID, ObjectType, registerEnumType } from 'type-graphql';
import { PUBLIC_CACHE_HINT } from '../../lib/cache-hints.js';
import { enumOf } from '../../lib/graphql-enum.js';
import { COVER_WIDTHS } from '../../lib/cover-url.js';
import { PageInfoType } from '../../lib/pagination.js';
import { CategoryType } from '../category/category.types.js';
import { ARTICLE_KINDS, type ArticleKindValue } from './article-kinds.js';

export const ArticleKind = enumOf(ARTICLE_KINDS);
registerEnumType(ArticleKind, {
  name: 'ArticleKind',
  description: 'What kind of journalism an article is; readers see it as a badge.',
  valuesConfig: {
    NEWS: { description: 'Reports what happened (the default).' },
    ANALYSIS: { description: 'Explains why it matters, drawing on the reporter\'s expertise.' },
    OPINION: { description: 'Argues a point of view.' },
    EXPLAINER: { description: 'Sets out the background to a subject.' },
    SPONSORED: { description: 'Paid for by a partner (sponsorName), not written by the newsroom.' },
  },
});

@Directive(PUBLIC_CACHE_HINT)
@ObjectType('Article', { description: 'A published news article.' })
export class ArticleType {
  @Field(() => ID)
  id!: number;

  @Field(() => String)
  slug!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String, { description: 'One or two sentences shown on cards and under the headline.' })
  excerpt!: string;

  @Field(() => String, { description: 'Plain text body.' })
  content!: string;

  @Field(() => CategoryType)
  category!: CategoryType;

  @Field(() => String, { description: 'The byline as text (clients read it); authorSlug and authorProfile lead to the person.' })
  author!: string;

  @Field(() => String, { nullable: true, description: 'The byline author\'s page is /authors/{authorSlug}; null when no author has that name.' })
  authorSlug!: string | null;

  @Field(() => GraphQLISODateTime)
  publishedAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;

  @Field(() => String, { description: `Site-relative cover image; append ?w=${COVER_WIDTHS.join('|')} for a width.` })
  imageUrl!: string;

  @Field(() => String, { nullable: true, description: 'Where readers can learn more.' })
  sourceUrl!: string | null;

  @Field(() => Boolean)
  isBreaking!: boolean;

  @Field(() => ArticleKind)
  kind!: ArticleKindValue;

  @Field(() => String, { nullable: true, description: 'The partner who paid for a SPONSORED article; null otherwise.' })
  sponsorName!: string | null;
}

@Directive(PUBLIC_CACHE_HINT)
@ObjectType('ArticleEdge')
export class ArticleEdgeType {
  @Field(() => String)
  cursor!: string;

  @Field(() => ArticleType)
  node!: ArticleType;
}

@Directive(PUBLIC_CACHE_HINT)
@ObjectType('ArticleConnection', { description: 'A page of articles, newest first.' })
export class ArticleConnectionType {
  @Field(() => [ArticleEdgeType])
  edges!: ArticleEdgeType[];

  @Field(() => [ArticleType])
  nodes!: ArticleType[];

  @Field(() => PageInfoType)
  pageInfo!: PageInfoType;

  /** The filter the page was read with, so totalCount counts the same set. Not exposed. */
  categorySlug!: string | null;

  /** The filter's count, when it was read with the page (null: count on demand). Not exposed. */
  total!: number | null;
}

