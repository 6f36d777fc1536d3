import { Router } from 'express';
import { ARTICLE_STATES, type ArticleStateValue, type EditorArticleView, type RevisionView, ValidationError } from '../../../schema/src/index.js';
import type { ContextFor } from '../middleware/request-context.js';
import { toArticleJson } from './article.dto.js';
import { editorOf } from './newsroom-access.js';
import { articleWriteOf } from './newsroom-article-body.js';
import { assertKnownParams, optionalPositiveInt, optionalString } from './query-params.js';

/** The article JSON of /api/articles/:id, plus what editors need: status and state. */
function toEditorArticleJson(article: EditorArticleView) {
  return { ...toArticleJson(article), status: article.status, state: article.state, createdAt: article.createdAt.toISOString() };
}

function toRevisionJson(revision: RevisionView) {
  return { ...revision, createdAt: revision.createdAt.toISOString() };
}

function isState(value: string): value is ArticleStateValue {
  return (ARTICLE_STATES as readonly string[]).includes(value);
}

/** The newsroom's articles for tools: create, change, delete, list with drafts, revisions. Editor role. */
export function newsroomArticlesRoutes(contextFor: ContextFor): Router {
  const router = Router();
  router.get('/admin/articles', async (req, res) => {
    assertKnownParams(req.query, ['limit', 'after', 'category', 'state']);
    const state = optionalString(req.query.state, 'state');
    if (state !== undefined && !isState(state)) {
      throw new ValidationError(`state must be one of: ${ARTICLE_STATES.join(', ')}`, [{ field: 'state', message: 'Unknown state' }]);
    }
    const page = await contextFor(req).services.articleEditing.list({
      first: optionalPositiveInt(req.query.limit, 'limit'),
      after: optionalString(req.query.after, 'after'),
      category: optionalString(req.query.category, 'category'),
      state,
    });
    res.json({ articles: page.nodes.map(toEditorArticleJson), nextCursor: page.hasNextPage ? page.cursors.at(-1) : null });
  });

  // JSON, or multipart/form-data with the picture as the file `cover` (decision 023).
  router.post('/admin/articles', async (req, res) => {
    const { fields, cover } = articleWriteOf(req);
    const article = await contextFor(req).services.articleCovers.create(fields, editorOf(res.locals), cover ?? undefined);
    res.status(201).setHeader('Location', `/api/admin/articles/${article.id}`).json(toEditorArticleJson(article));
  });

  router.get('/admin/articles/:id', async (req, res) => {
    res.json(toEditorArticleJson(await contextFor(req).services.articleEditing.get(req.params.id)));
  });

  router.patch('/admin/articles/:id', async (req, res) => {
    const { fields, cover } = articleWriteOf(req);
    res.json(toEditorArticleJson(await contextFor(req).services.articleCovers.update(String(req.params.id), fields, editorOf(res.locals), cover)));
  });

  router.delete('/admin/articles/:id', async (req, res) => {
    await contextFor(req).services.articleEditing.delete(req.params.id, editorOf(res.locals));
    res.status(204).end();
  });

  router.get('/admin/articles/:id/revisions', async (req, res) => {
    assertKnownParams(req.query, ['limit', 'after']);
    const page = await contextFor(req).services.articleEditing.revisions(req.params.id, {
      first: optionalPositiveInt(req.query.limit, 'limit'),
      after: optionalString(req.query.after, 'after'),
    });
    res.json({ revisions: page.nodes.map(toRevisionJson), nextCursor: page.hasNextPage ? page.cursors.at(-1) : null });
  });

  return router;
}
