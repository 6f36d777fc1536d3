import { Router } from 'express';
import type { ContextFor } from '../middleware/request-context.js';

export function breakingNewsRoutes(contextFor: ContextFor): Router {
  const router = Router();
  router.get('/breaking-news', async (req, res) => {
    // {id, title}, and the linked article's id while readers can see it.
    const items = await contextFor(req).services.breakingNews.list();
    res.json(items.map(({ id, title, article }) => ({ id, title, ...(article ? { articleId: article.id } : {}) })));
  });
  return router;
}
