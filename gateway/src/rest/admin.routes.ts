import { Router } from 'express';
import { assertAdmin, INQUIRY_TYPES, isInquiryType, ValidationError } from '../../../schema/src/index.js';
import type { ContextFor } from '../middleware/request-context.js';
import { optionalPositiveInt, optionalString } from './query-params.js';

/** The owner's read of stored inquiries: Authorization: Bearer <ADMIN_TOKEN>. */
export function adminRoutes(contextFor: ContextFor): Router {
  const router = Router();
  router.get('/admin/inquiries', async (req, res) => {
    const { services, viewer } = contextFor(req);
    assertAdmin(viewer);
    const type = optionalString(req.query.type, 'type');
    if (type !== undefined && !isInquiryType(type)) {
      throw new ValidationError(`type must be one of: ${INQUIRY_TYPES.join(', ')}`, [{ field: 'type', message: 'Unknown inquiry type' }]);
    }
    const page = await services.contact.list({
      first: optionalPositiveInt(req.query.limit, 'limit'),
      after: optionalString(req.query.after, 'after'),
      type,
    });
    res.setHeader('Cache-Control', 'no-store');
    res.json({
      inquiries: page.nodes.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
      nextCursor: page.hasNextPage ? page.cursors.at(-1) : null,
    });
  });
  return router;
}
