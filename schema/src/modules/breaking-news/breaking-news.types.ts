import { Directive, Field, GraphQLISODateTime, ID, InputType, Int, ObjectType } from 'type-graphql';
import { PUBLIC_CACHE_HINT } from '../../lib/cache-hints.js';
import { ArticleType } from '../article/article.types.js';
import { BREAKING_NEWS_TITLE_LENGTH } from './breaking-news.service.js';

@Directive(PUBLIC_CACHE_HINT)
@ObjectType('BreakingNewsItem', { description: 'A headline for the breaking-news ticker.' })
export class BreakingNewsItemType {
  @Field(() => ID)
  id!: number;

  @Field(() => String)
  title!: string;

  @Field(() => ArticleType, { nullable: true, description: 'The article the headline links to, when there is one readers can see.' })
  article!: ArticleType | null;
}

@ObjectType('EditorBreakingNewsItem', { description: 'A ticker item as editors see it: expired ones too.' })
export class EditorBreakingNewsItemType {
  @Field(() => ID)
  id!: number;

  @Field(() => String)
  title!: string;

  @Field(() => Int, { description: 'Display order, lowest first.' })
  position!: number;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Readers stop seeing it then; null: until removed.' })
  expiresAt!: Date | null;

  @Field(() => ID, { nullable: true, description: 'The linked article, whatever its status (readers get the link while they can see it).' })
  articleId!: number | null;

  @Field(() => Boolean, { description: 'Shown to readers now (not expired).' })
  active!: boolean;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;
}

/** Shape only: the rules live in breaking-news.service.ts for both APIs. */
@InputType('BreakingNewsInput')
export class BreakingNewsInput {
  @Field(() => String, { nullable: true, description: `Required on create; at most ${BREAKING_NEWS_TITLE_LENGTH} characters, one line.` })
  title?: string | null;

  @Field(() => ID, { nullable: true, description: 'An article to link the headline to; null unlinks.' })
  articleId?: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When readers stop seeing it; null: until removed. A past time expires it now.' })
  expiresAt?: Date | null;
}
