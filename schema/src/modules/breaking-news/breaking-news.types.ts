import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('BreakingNewsItem', { description: 'A headline for the breaking-news ticker.' })
export class BreakingNewsItemType {
  @Field(() => ID)
  id!: number;

  @Field(() => String)
  title!: string;
}
