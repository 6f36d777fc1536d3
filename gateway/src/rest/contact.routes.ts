import express, { Router } from 'express';
import { BODY_LIMIT } from '../middleware/body-limit.js';
import type { ContextFor } from '../middleware/request-context.js';
import { requireJsonBody } from '../middleware/require-json-body.js';

export function contactRoutes(contextFor: ContextFor): Router {
  const router = Router();
  router.post(
    '/contact',
    requireJsonBody,
    express.json({ limit: BODY_LIMIT, strict: false }),
    async (req, res) => {
      const { services, viewer } = contextFor(req);
      const receipt = await services.contact.submit(req.body, { clientKey: viewer.clientKey });
      res.status(201).json({
        id: receipt.id,
        reference: receipt.reference,
        receivedAt: receipt.receivedAt.toISOString(),
        message: "Thank you for contacting us. We'll get back to you soon.",
      });
    },
  );
  return router;
}
