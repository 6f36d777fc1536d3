import { Router } from 'express';
import type { StandardsPageSlug, StandardsPageTextView } from '../../../schema/src/index.js';
import type { ContextFor } from '../middleware/request-context.js';
import { editorOf } from './newsroom-access.js';
import { assertKnownParams } from './query-params.js';

/** A standards page for the newsroom: its stored text, or null when it shows the text kept with the code. */
export interface StandardsPageJson {
  slug: StandardsPageSlug;
  markdown: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

function toJson(slug: StandardsPageSlug, text: StandardsPageTextView | null): StandardsPageJson {
  return { slug, markdown: text?.markdown ?? null, updatedAt: text?.updatedAt.toISOString() ?? null, updatedBy: text?.updatedBy ?? null };
}

/**
 * The owner's editing of the standards pages (decision 127), with the `standards` permission (the
 * admin role) and the JSON body the route table declares. An unknown page or a bad text is a 400
 * naming the field; a save or a clear purges that page from every cache.
 */
export function standardsPagesRoutes(contextFor: ContextFor): Router {
  const router = Router();

  router.get('/admin/standards-pages', async (req, res) => {
    assertKnownParams(req.query, []);
    const pages = await contextFor(req).services.standardsPages.list();
    res.json(pages.map((page) => toJson(page.slug, page.text)));
  });

  router.get('/admin/standards-pages/:slug', async (req, res) => {
    assertKnownParams(req.query, []);
    const text = await contextFor(req).services.standardsPages.find(req.params.slug);
    res.json(toJson(req.params.slug as StandardsPageSlug, text));
  });

  router.put('/admin/standards-pages/:slug', async (req, res) => {
    const saved = await contextFor(req).services.standardsPages.save(req.params.slug, req.body, editorOf(res.locals));
    res.json(toJson(saved.slug, saved));
  });

  /** Back to the text kept with the code: 204 whether or not a text was stored. */
  router.delete('/admin/standards-pages/:slug', async (req, res) => {
    await contextFor(req).services.standardsPages.clear(req.params.slug, editorOf(res.locals));
    res.status(204).end();
  });

  return router;
}
