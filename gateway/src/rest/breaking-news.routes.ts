import { Router } from 'express';
import type { ContextFor } from '../middleware/request-context.js';
import { assertKnownParams } from './query-params.js';

export function breakingNewsRoutes(contextFor: ContextFor): Router {
  const router = Router();
  router.get('/breaking-news', async (req, res) => {
    // A parameter changes nothing here: refused, so unique junk URLs are never kept as answers.
    assertKnownParams(req.query, []);
    // {id, title}, and the linked article's id while readers can see it.
    const items = await contextFor(req).services.breakingNews.list();
    res.json(items.map(({ id, title, article }) => ({ id, title, ...(article ? { articleId: article.id } : {}) })));
  });
  return router;
}
