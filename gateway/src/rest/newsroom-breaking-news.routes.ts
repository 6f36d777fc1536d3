import { Router } from 'express';
import type { ContextFor } from '../middleware/request-context.js';

/** The ticker for tools: list (expired too), add, change or expire, reorder, remove. Editor role. */
export function newsroomBreakingNewsRoutes(contextFor: ContextFor): Router {
  const router = Router();

  router.get('/admin/breaking-news', async (req, res) => {
    res.json(await contextFor(req).services.breakingNews.listAll());
  });

  router.post('/admin/breaking-news', async (req, res) => {
    res.status(201).json(await contextFor(req).services.breakingNews.create(req.body));
  });

  /** {"ids": [3, 1]}: those first, in that order; the others keep their order after them. */
  router.put('/admin/breaking-news/order', async (req, res) => {
    const body: unknown = req.body;
    const ids = body && typeof body === 'object' && !Array.isArray(body) ? (body as { ids?: unknown }).ids : body;
    res.json(await contextFor(req).services.breakingNews.reorder(ids));
  });

  router.patch('/admin/breaking-news/:id', async (req, res) => {
    res.json(await contextFor(req).services.breakingNews.update(String(req.params.id), req.body));
  });

  router.delete('/admin/breaking-news/:id', async (req, res) => {
    await contextFor(req).services.breakingNews.remove(req.params.id);
    res.status(204).end();
  });

  return router;
}
