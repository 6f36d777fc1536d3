import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { toConnection } from '../../lib/pagination.js';
import type { RequestContext } from '../../runtime/request-context.js';
import { DEFAULT_SEARCH_PAGE_SIZE, type SearchResults } from './search.service.js';
import { SearchConnectionType } from './search.types.js';

/** Service results as a connection whose edges carry the snippet beside the article. */
export function toSearchConnection(results: SearchResults): SearchConnectionType {
  const { pageInfo } = toConnection(results);
  return {
    edges: results.nodes.map((hit, i) => ({ cursor: results.cursors[i], snippet: hit.snippet, node: hit.article })),
    pageInfo,
    totalCount: results.totalCount,
    capped: results.capped,
    suggestion: results.suggestion,
  };
}

@Resolver()
export class SearchResolver {
  @Query(() => SearchConnectionType, {
    description:
      'Full-text search: all words must match; "quoted phrases", -word to exclude, `or` between alternatives; ' +
      'stems and British/American spellings match each other. At most 100 per page (larger values are capped).',
  })
  async search(
    @Ctx() ctx: RequestContext,
    @Arg('query', () => String) query: string,
    @Arg('first', () => Int, { nullable: true, defaultValue: DEFAULT_SEARCH_PAGE_SIZE }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'endCursor of the previous page.' }) after?: string | null,
    @Arg('category', () => String, { nullable: true, description: 'Category slug.' }) category?: string | null,
  ): Promise<SearchConnectionType> {
    return toSearchConnection(await ctx.services.search.search({ query, first, after, category }));
  }
}
