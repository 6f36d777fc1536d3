import { Router } from 'express';
import { INQUIRY_TYPES, isInquiryType, ValidationError } from '../../../schema/src/index.js';
import type { ContextFor } from '../middleware/request-context.js';
import { assertKnownParams, optionalPositiveInt, optionalString } from './query-params.js';
import { NO_STORE } from '../cache/cache-profiles.js';

/** The query parameters of the owner's inquiry list; any other is a 400 that names it. */
const INQUIRY_LIST_PARAMS = ['limit', 'after', 'type'] as const;

/** The owner's read of stored inquiries: Authorization: Bearer <ADMIN_TOKEN or an admin editor token>. */
export function adminRoutes(contextFor: ContextFor): Router {
  const router = Router();
  router.get('/admin/inquiries', async (req, res) => {
    const { services } = contextFor(req);
    assertKnownParams(req.query, INQUIRY_LIST_PARAMS);
    const type = optionalString(req.query.type, 'type');
    if (type !== undefined && !isInquiryType(type)) {
      throw new ValidationError(`type must be one of: ${INQUIRY_TYPES.join(', ')}`, [{ field: 'type', message: 'Unknown inquiry type' }]);
    }
    const page = await services.contact.list({
      first: optionalPositiveInt(req.query.limit, 'limit'),
      after: optionalString(req.query.after, 'after'),
      type,
    });
    res.setHeader('Cache-Control', NO_STORE);
    res.json({
      inquiries: page.nodes.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
      nextCursor: page.hasNextPage ? page.cursors.at(-1) : null,
    });
  });
  return router;
}
