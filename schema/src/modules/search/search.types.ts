import { Directive, Field, Int, ObjectType } from 'type-graphql';
import { PUBLIC_CACHE_HINT } from '../../lib/cache-hints.js';
import { PageInfoType } from '../../lib/pagination.js';
import { ArticleType } from '../article/article.types.js';
import { MAX_SEARCH_QUERY_LENGTH, SEARCH_RANK_CAP } from './search.service.js';

@Directive(PUBLIC_CACHE_HINT)
@ObjectType('SearchEdge', { description: 'An article that matched, with the passage that matched.' })
export class SearchEdgeType {
  @Field(() => String)
  cursor!: string;

  @Field(() => String, {
    description: 'The passage that matched, as HTML: matched words in <mark>…</mark>, every other character escaped.',
  })
  snippet!: string;

  @Field(() => ArticleType)
  node!: ArticleType;
}

@Directive(PUBLIC_CACHE_HINT)
@ObjectType('SearchConnection', {
  description: `Articles matching a query, most relevant first (title matches, then excerpt, then body; newer first among near ties). Queries of up to ${MAX_SEARCH_QUERY_LENGTH} characters.`,
})
export class SearchConnectionType {
  @Field(() => [SearchEdgeType])
  edges!: SearchEdgeType[];

  @Field(() => PageInfoType)
  pageInfo!: PageInfoType;

  @Field(() => Int, { description: `Matching articles across pages (at most ${SEARCH_RANK_CAP}; see capped).` })
  totalCount!: number;

  @Field(() => Boolean, {
    description: `More than ${SEARCH_RANK_CAP} articles matched: only the newest ${SEARCH_RANK_CAP} of them are ranked and returned.`,
  })
  capped!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'When nothing matched: the query with a close spelling that finds articles ("Did you mean …?"); otherwise null.',
  })
  suggestion!: string | null;

  /** The query the `authors` field matches names with; null on later pages (not a GraphQL field). */
  authorQuery!: string | null;
}
