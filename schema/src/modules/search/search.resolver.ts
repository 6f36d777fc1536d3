import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { toConnection } from '../../lib/pagination.js';
import type { RequestContext } from '../../runtime/request-context.js';
import { AuthorType } from '../author/author.types.js';
import { DEFAULT_SEARCH_PAGE_SIZE, MAX_AUTHOR_MATCHES, type SearchResults } from './search.service.js';
import { SearchConnectionType } from './search.types.js';

/** Service results as a connection whose edges carry the snippet beside the article. */
export function toSearchConnection(results: SearchResults, authorQuery: string | null = null): SearchConnectionType {
  const { pageInfo } = toConnection(results);
  return {
    edges: results.nodes.map((hit, i) => ({ cursor: results.cursors[i], snippet: hit.snippet, node: hit.article })),
    pageInfo,
    totalCount: results.totalCount,
    capped: results.capped,
    suggestion: results.suggestion,
    authorQuery,
  };
}

@Resolver(() => SearchConnectionType)
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
    const results = await ctx.services.search.search({ query, first, after, category });
    return toSearchConnection(results, after ? null : query);
  }

  @FieldResolver(() => [AuthorType], {
    description: `Authors whose name the query matches (each word the start of a word of the name, case and accents aside), by name, at most ${MAX_AUTHOR_MATCHES}; empty on later pages.`,
  })
  authors(@Root() connection: SearchConnectionType, @Ctx() ctx: RequestContext) {
    return connection.authorQuery ? ctx.services.search.matchingAuthors(connection.authorQuery) : [];
  }
}
