import { Router } from 'express';
import { parseIdempotencyKey } from '../../../schema/src/index.js';
import type { ContextFor } from '../middleware/request-context.js';

export function contactRoutes(contextFor: ContextFor): Router {
  const router = Router();
  router.post('/contact', async (req, res) => {
    const { services, viewer } = contextFor(req);
    const idempotencyKey = parseIdempotencyKey(req.get('idempotency-key'));
    const receipt = await services.contact.submit(req.body, { clientKey: viewer.clientKey, idempotencyKey });
    // A repeat of an earlier request with the same key: the original answer, nothing stored.
    if (receipt.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(201).json({
      id: receipt.id,
      reference: receipt.reference,
      receivedAt: receipt.receivedAt.toISOString(),
      // A domain offer at or above the Buy-Now price.
      meetsAskingPrice: receipt.meetsAskingPrice ?? false,
      message: "Thank you for contacting us. We'll get back to you soon.",
    });
  });
  return router;
}
