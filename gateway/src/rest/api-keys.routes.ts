import { Router } from 'express';
import type { ApiKeyWithUsage } from '../../../schema/src/index.js';
import type { ContextFor } from '../middleware/request-context.js';
import { NO_STORE } from '../cache/cache-profiles.js';

/** A key as the owner's REST list shows it: dates as ISO strings; never the key itself. */
function apiKeyDto(key: ApiKeyWithUsage) {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    limitPerMinute: key.limitPerMinute,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
    usage: key.usage,
  };
}

/** The owner's list of partner API keys with their daily usage: Authorization: Bearer <ADMIN_TOKEN or an admin editor token>. */
export function apiKeysRoutes(contextFor: ContextFor): Router {
  const router = Router();
  router.get('/admin/api-keys', async (req, res) => {
    res.setHeader('Cache-Control', NO_STORE);
    const keys = await contextFor(req).services.apiKeys.listKeys();
    res.json({ apiKeys: keys.map(apiKeyDto) });
  });
  return router;
}
