import { Router } from 'express';
import { ValidationError } from '../../../schema/src/index.js';
import type { ContextFor } from '../middleware/request-context.js';
import { toArticleJson } from './article.dto.js';
import { toAuthorJson } from './author.dto.js';
import { editorOf } from './newsroom-access.js';
import { assertKnownParams, optionalPositiveInt, optionalString } from './query-params.js';

/** Authors for readers' clients, and the newsroom's writes of them (editor role). */
export function authorsRoutes(contextFor: ContextFor): Router {
  const router = Router();

  router.get('/authors', async (req, res) => {
    assertKnownParams(req.query, []);
    res.json((await contextFor(req).services.authors.list()).map(toAuthorJson));
  });

  /** The profile and a page of their articles, newest first; ?limit, ?after from the Link header. */
  router.get('/authors/:slug', async (req, res) => {
    assertKnownParams(req.query, ['limit', 'after']);
    const { services } = contextFor(req);
    const author = await services.authors.getBySlug(req.params.slug);
    const page = await services.authors.articles(author, {
      first: optionalPositiveInt(req.query.limit, 'limit'),
      after: optionalString(req.query.after, 'after'),
    });
    if (page.hasNextPage) {
      const next = new URLSearchParams({ after: page.cursors.at(-1)!, limit: String(page.nodes.length) });
      res.setHeader('Link', `</api/authors/${author.slug}?${next}>; rel="next"`);
    }
    res.json({ ...toAuthorJson(author), articleCount: page.total, articles: page.nodes.map(toArticleJson) });
  });

  router.post('/admin/authors', async (req, res) => {
    const author = await contextFor(req).services.authors.create(req.body, editorOf(res.locals));
    res.status(201).setHeader('Location', `/api/authors/${author.slug}`).json(toAuthorJson(author));
  });

  router.patch('/admin/authors/:slug', async (req, res) => {
    res.json(toAuthorJson(await contextFor(req).services.authors.update(String(req.params.slug), req.body, editorOf(res.locals))));
  });

  /** The photo as the file `photo` of a multipart form (the route's declared reader); DELETE removes it. */
  router.put('/admin/authors/:slug/photo', async (req, res) => {
    if (!req.file) throw new ValidationError('Send the photo as a file in the field photo', [{ field: 'photo', message: 'Choose a JPEG, PNG or WebP picture' }]);
    res.json(toAuthorJson(await contextFor(req).services.authors.setPhoto(String(req.params.slug), req.file.buffer, editorOf(res.locals))));
  });
  router.delete('/admin/authors/:slug/photo', async (req, res) => {
    res.json(toAuthorJson(await contextFor(req).services.authors.setPhoto(String(req.params.slug), null, editorOf(res.locals))));
  });

  return router;
}
