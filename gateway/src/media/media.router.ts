/**
 * HTTP surface for self-hosted images, mounted at /media.
 *   GET|HEAD /covers/:key?w=&ratio=   cover art, format negotiated from Accept
 *   GET|HEAD /brand/logo.png          512×512 publisher logo
 *   GET|HEAD /brand/logo-600x60.png   600×60 publisher banner
 *
 * Rendering costs up to a second of CPU, so a cover request does the cheap checks first:
 * a variant already in memory is sent at once (never limited); otherwise the key must be one
 * the site uses (404 without rendering), the client must be within its budget of uncached
 * requests (429), and the render waits in a small queue (503 when full). Errors are thrown
 * to the gateway's one error handler.
 */
import express, { type Request, type Response } from 'express';
import { NotFoundError } from '../../../schema/src/index.js';
import { renderBrandImage, type BrandAsset } from './brand-images.js';
import { CoverCatalog, type CoverKeyLookup } from './cover-catalog.js';
import { coverEtag, coverRenderer, type CoverRenderer, type RenderOptions } from './cover-renderer.js';
import { parseCoverRequest } from './cover-request.js';
import { CONTENT_TYPES, negotiateFormat } from './image-format.js';
import { createRenderLimiter, DEFAULT_RENDER_LIMIT, type RenderLimitOptions } from './render-limiter.js';

/** Bytes behind a URL never change (ART_VERSION changes the ETag), so caches may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface MediaRouterOptions {
  /** Whether an article's cover uses this key (the stock pool is known without asking). */
  coverKeyExists: CoverKeyLookup;
  /** Defaults to the process's renderer, so every router shares one cache and one queue. */
  renderer?: CoverRenderer;
  renderLimit?: RenderLimitOptions;
}

function setCoverHeaders(res: Response, opts: RenderOptions): void {
  res.set({
    'Content-Type': CONTENT_TYPES[opts.format],
    'Cache-Control': IMMUTABLE,
    ETag: coverEtag(opts),
    'X-Content-Type-Options': 'nosniff',
  });
  res.vary('Accept');
}

function brandHandler(asset: BrandAsset) {
  return async (req: Request, res: Response): Promise<void> => {
    const { body, etag } = await renderBrandImage(asset);
    res.set({ 'Content-Type': 'image/png', 'Cache-Control': IMMUTABLE, ETag: etag });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.send(body);
  };
}

export function createMediaRouter(options: MediaRouterOptions): express.Router {
  const renderer = options.renderer ?? coverRenderer;
  const catalog = new CoverCatalog({ lookup: options.coverKeyExists });
  const limiter = createRenderLimiter(options.renderLimit ?? DEFAULT_RENDER_LIMIT);
  const router = express.Router();

  router.get('/covers/:key', async (req, res) => {
    const opts: RenderOptions = {
      ...parseCoverRequest(req.params.key, { w: req.query.w, ratio: req.query.ratio }),
      format: negotiateFormat(req),
    };
    const cached = renderer.cached(opts);
    const clientKey = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    let charged = false;
    if (!cached) {
      // A lookup or a render costs something, so the client's budget is spent once per request.
      let exists = catalog.known(opts.key);
      if (exists === undefined) {
        await limiter.consume(clientKey);
        charged = true;
        exists = await catalog.exists(opts.key, req);
      }
      if (!exists) throw new NotFoundError(`No cover image named ${opts.key}`);
    }

    // The ETag is known before rendering, so revalidations cost no image work. Should the render
    // fail below, the error handler drops these headers again.
    setCoverHeaders(res, opts);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    if (cached) {
      res.send(cached);
      return;
    }
    if (!charged) await limiter.consume(clientKey);
    res.send(await renderer.render(opts));
  });

  router.get('/brand/logo.png', brandHandler('logo'));
  router.get('/brand/logo-600x60.png', brandHandler('banner'));

  return router;
}
