import { Router } from 'express';
import type { ContextFor } from '../middleware/request-context.js';
import { jsonBody, requireRole } from './newsroom-access.js';

/** Partners for tools: list (disabled too), add, change placement or texts, disable. Editor role. */
export function newsroomPartnersRoutes(contextFor: ContextFor): Router {
  const router = Router();
  router.use('/admin/partners', requireRole(contextFor, 'content'));

  router.get('/admin/partners', async (req, res) => {
    res.json(await contextFor(req).services.partners.listAll());
  });

  router.post('/admin/partners', ...jsonBody, async (req, res) => {
    res.status(201).json(await contextFor(req).services.partners.create(req.body));
  });

  router.patch('/admin/partners/:id', ...jsonBody, async (req, res) => {
    res.json(await contextFor(req).services.partners.update(String(req.params.id), req.body));
  });

  return router;
}
