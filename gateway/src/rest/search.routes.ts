import { Router } from 'express';
import { DEFAULT_SEARCH_PAGE_SIZE, type SearchHit } from '../../../schema/src/index.js';
import type { ContextFor } from '../middleware/request-context.js';
import { type ArticleJson, toArticleJson } from './article.dto.js';
import { toAuthorJson } from './author.dto.js';
import { assertKnownParams, optionalPositiveInt, optionalString } from './query-params.js';

/** A search result: the article as /api/articles sends it, plus the passage that matched. */
export interface SearchResultJson extends ArticleJson {
  /** HTML: matched words in <mark>…</mark>, every other character escaped. */
  snippet: string;
}

export function toSearchResultJson(hit: SearchHit): SearchResultJson {
  return { ...toArticleJson(hit.article), snippet: hit.snippet };
}

export function searchRoutes(contextFor: ContextFor): Router {
  const router = Router();

  /**
   * Most relevant first. ?q=<text> (required, up to 200 characters, websearch syntax),
   * ?limit=1..100 (default 10), ?category=<slug>, ?after=<cursor> from the Link header of the previous page.
   */
  router.get('/search', async (req, res) => {
    assertKnownParams(req.query, ['q', 'limit', 'category', 'after']);
    const q = optionalString(req.query.q, 'q') ?? '';
    const limit = optionalPositiveInt(req.query.limit, 'limit') ?? DEFAULT_SEARCH_PAGE_SIZE;
    const category = optionalString(req.query.category, 'category');
    const results = await contextFor(req).services.search.search({
      query: q,
      queryArgument: 'q',
      first: limit,
      after: optionalString(req.query.after, 'after'),
      category,
    });
    if (results.hasNextPage) {
      const next = new URLSearchParams({ q, limit: String(results.nodes.length), after: results.cursors.at(-1)! });
      if (category) next.set('category', category);
      res.setHeader('Link', `</api/search?${next}>; rel="next"`);
    }
    res.json(results.nodes.map(toSearchResultJson));
  });

  /** Authors whose name ?q= matches (each word the start of a word of the name, case and accents aside), by name, at most 5. */
  router.get('/search/authors', async (req, res) => {
    assertKnownParams(req.query, ['q']);
    const authors = await contextFor(req).services.search.matchingAuthors(optionalString(req.query.q, 'q') ?? '', 'q');
    res.json(authors.map(toAuthorJson));
  });

  return router;
}
