import { Router } from 'express';
import type { PageRefresher } from '../cache/page-refresh.js';
import type { ResponseCache } from '../cache/response-cache.js';
import { assertKnownParams } from './query-params.js';

/**
 * GET /api/admin/cache: what the response cache of the process that answers has done since it
 * started (hits, renders, what it holds) and the pages it rendered again after purges (decision
 * 138), for the owner and the news-day benchmark. Admin role, never stored (routes/route-table.ts).
 */
export function cacheRoutes(cache: ResponseCache | null, refresher: Pick<PageRefresher, 'stats'>): Router {
  const router = Router();
  router.get('/admin/cache', (req, res) => {
    assertKnownParams(req.query, []);
    res.json({
      responses: cache ? { ...cache.stats, ...cache.memory() } : null,
      refreshedAfterPurges: { ...refresher.stats },
    });
  });
  return router;
}
