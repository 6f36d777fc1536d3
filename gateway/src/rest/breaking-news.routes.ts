import { Router } from 'express';
import type { ContextFor } from '../middleware/request-context.js';

export function breakingNewsRoutes(contextFor: ContextFor): Router {
  const router = Router();
  router.head('/breaking-news', (_req, res) => {
    res.status(200).end();
  });
  router.get('/breaking-news', async (req, res) => {
    res.json(await contextFor(req).services.breakingNews.list());
  });
  return router;
}
