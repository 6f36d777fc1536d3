import { Router } from 'express';
import { MAX_PAGE_SIZE } from '../../../schema/src/index.js';
import type { ContextFor } from '../middleware/request-context.js';
import { toArticleJson } from './article.dto.js';
import { assertKnownParams, optionalPositiveInt, optionalString } from './query-params.js';
import { NO_STORE } from '../cache/cache-profiles.js';

export function articlesRoutes(contextFor: ContextFor): Router {
  const router = Router();

  /** Newest first. ?limit=1..100 (default 100), ?after=<cursor> from the Link header of the previous page. */
  router.get('/articles', async (req, res) => {
    assertKnownParams(req.query, ['limit', 'after']);
    const { services } = contextFor(req);
    const page = await services.articles.page({
      first: optionalPositiveInt(req.query.limit, 'limit') ?? MAX_PAGE_SIZE,
      after: optionalString(req.query.after, 'after'),
    });
    if (page.hasNextPage) {
      const next = new URLSearchParams({ after: page.cursors.at(-1)!, limit: String(page.nodes.length) });
      res.setHeader('Link', `</api/articles?${next}>; rel="next"`);
    }
    res.json(page.nodes.map(toArticleJson));
  });

  router.get('/articles/:id', async (req, res) => {
    assertKnownParams(req.query, []);
    const article = await contextFor(req).services.articles.getById(req.params.id);
    res.json(toArticleJson(article));
  });

  /** The category is named by its display name, URL-encoded ("AR%2FVR%20%26%20Metaverse"); slugs work too. */
  router.get('/categories/:categoryName/articles', async (req, res) => {
    assertKnownParams(req.query, ['limit']);
    const articles = await contextFor(req).services.articles.listByCategoryName(
      req.params.categoryName,
      optionalPositiveInt(req.query.limit, 'limit'),
    );
    res.setHeader('Cache-Control', NO_STORE);
    res.json(articles.map(toArticleJson));
  });

  return router;
}
