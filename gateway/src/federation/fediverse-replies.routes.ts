import { Router } from 'express';
import { ValidationError } from '../../../schema/src/index.js';
import type { ContextFor } from '../middleware/request-context.js';
import type { FediverseSite } from './fediverse-site.js';

/**
 * Replies from the fediverse (decision 101): readers get a story's approved replies; editors list
 * every reply to a story, approve one by its id, or remove one (a held reply rejected, an approved
 * one withdrawn). Mounted under /api.
 */
/** A story's id from the path: a whole number, else 400 naming it. */
function articleIdOf(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw new ValidationError('articleId must be a whole number', [{ field: 'articleId', message: 'Use the id of a story' }]);
  return Number(raw);
}

/** The reply's id from the body: its URL, else 400 naming it. */
function replyIdOf(body: unknown): string {
  const id: unknown = (body as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || !id || id.length > 2048) throw new ValidationError('id must be the URL of a reply', [{ field: 'id', message: 'Give the reply\'s id (a URL)' }]);
  return id;
}

export function fediverseRepliesRoutes(site: Pick<FediverseSite, 'replies' | 'approveReply' | 'removeReply'>, contextFor: ContextFor): Router {
  const router = Router();

  router.get('/articles/:id/replies', async (req, res) => {
    // The story must be one readers see: the same 404 as the story itself.
    const article = await contextFor(req).services.articles.getById(req.params.id);
    const approved = (await site.replies(contextFor(req).services, article.id)).filter((r) => r.approved);
    res.json(approved.map(({ approved: _approved, ...reply }) => reply));
  });

  router.get('/admin/fediverse/replies/:articleId', async (req, res) => {
    res.json(await site.replies(contextFor(req).services, articleIdOf(String(req.params.articleId))));
  });
  router.post('/admin/fediverse/replies/:articleId/approve', async (req, res) => {
    res.json(await site.approveReply(contextFor(req).services, articleIdOf(String(req.params.articleId)), replyIdOf(req.body)));
  });
  router.post('/admin/fediverse/replies/:articleId/remove', async (req, res) => {
    res.json(await site.removeReply(contextFor(req).services, articleIdOf(String(req.params.articleId)), replyIdOf(req.body)));
  });

  return router;
}
