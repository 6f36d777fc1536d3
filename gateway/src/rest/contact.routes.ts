import express, { Router } from 'express';
import type { ContextFor } from '../middleware/request-context.js';
import { requireJsonBody } from '../middleware/error-handler.js';

export const CONTACT_BODY_LIMIT = '100kb';

export function contactRoutes(contextFor: ContextFor): Router {
  const router = Router();
  router.post(
    '/contact',
    requireJsonBody,
    express.json({ limit: CONTACT_BODY_LIMIT, strict: false }),
    async (req, res) => {
      const receipt = await contextFor(req).services.contact.submit(req.body);
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
