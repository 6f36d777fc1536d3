import { Router } from 'express';
import type { ContextFor } from '../middleware/request-context.js';

/** Partners for tools: list (disabled too), add, change placement or texts, disable. Editor role. */
export function newsroomPartnersRoutes(contextFor: ContextFor): Router {
  const router = Router();

  router.get('/admin/partners', async (req, res) => {
    res.json(await contextFor(req).services.partners.listAll());
  });

  router.post('/admin/partners', async (req, res) => {
    res.status(201).json(await contextFor(req).services.partners.create(req.body));
  });

  router.patch('/admin/partners/:id', async (req, res) => {
    res.json(await contextFor(req).services.partners.update(String(req.params.id), req.body));
  });

  return router;
}
