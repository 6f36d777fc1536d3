import { Router } from 'express';
import type { CorrectionListView, CorrectionView } from '../../../schema/src/index.js';
import type { ContextFor } from '../middleware/request-context.js';
import { editorOf } from './newsroom-access.js';
import { assertKnownParams, optionalPositiveInt, optionalString } from './query-params.js';

function toCorrectionJson(c: CorrectionView | CorrectionListView) {
  return {
    id: c.id,
    articleId: c.articleId,
    kind: c.kind,
    text: c.text,
    createdAt: c.createdAt.toISOString(),
    ...('articleTitle' in c ? { articleTitle: c.articleTitle } : {}),
  };
}

/** Corrections: every one for readers' clients, newest first; an editor adds one to an article. */
export function correctionsRoutes(contextFor: ContextFor): Router {
  const router = Router();

  router.get('/corrections', async (req, res) => {
    assertKnownParams(req.query, ['limit', 'after']);
    const page = await contextFor(req).services.corrections.recent({
      first: optionalPositiveInt(req.query.limit, 'limit'),
      after: optionalString(req.query.after, 'after'),
    });
    res.json({ corrections: page.nodes.map(toCorrectionJson), nextCursor: page.hasNextPage ? page.cursors.at(-1) : null });
  });

  router.post('/admin/articles/:id/corrections', async (req, res) => {
    const correction = await contextFor(req).services.corrections.add(String(req.params.id), req.body, editorOf(res.locals));
    res.status(201).json(toCorrectionJson(correction));
  });

  return router;
}
