import { Router } from 'express';
import type { ContextFor } from '../middleware/request-context.js';
import { editorOf } from '../rest/newsroom-access.js';
import type { BlockedServerList } from './blocked-server-list.js';

/**
 * The owner's list of fediverse servers refused at the inbox (admin role, routes/route-table.ts):
 * GET lists it with the servers the configuration blocks (`fromConfiguration`, not editable here),
 * POST `{"domain"}` blocks one (a host, a URL or a handle; its subdomains too), DELETE unblocks one.
 * This process applies a change at once, every other one within BLOCKED_LIST_TTL_MS.
 */
export function blockedServersRoutes(contextFor: ContextFor, list: BlockedServerList, configured: readonly string[]): Router {
  const router = Router();

  router.get('/admin/fediverse/blocked-servers', async (req, res) => {
    const owned = await contextFor(req).services.blockedServers.list();
    res.json([...configured.map((domain) => ({ domain, fromConfiguration: true })), ...owned.map((b) => ({ ...b, fromConfiguration: false }))]);
  });

  router.post('/admin/fediverse/blocked-servers', async (req, res) => {
    const blocked = await contextFor(req).services.blockedServers.block((req.body as { domain?: unknown } | null)?.domain, editorOf(res.locals));
    await list.refresh();
    res.status(201).json({ ...blocked, fromConfiguration: false });
  });

  router.delete('/admin/fediverse/blocked-servers/:domain', async (req, res) => {
    await contextFor(req).services.blockedServers.unblock(String(req.params.domain));
    await list.refresh();
    res.status(204).end();
  });

  return router;
}
