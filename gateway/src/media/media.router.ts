/**
 * HTTP surface for self-hosted images, mounted at /media.
 *   GET|HEAD /covers/:key?w=&ratio=   cover art, format negotiated from Accept
 *   GET|HEAD /brand/logo.png          512×512 publisher logo
 *   GET|HEAD /brand/logo-600x60.png   600×60 publisher banner
 */
import express, { type Request, type Response } from 'express';
import {
  CONTENT_TYPES,
  MediaInputError,
  coverEtag,
  negotiateFormat,
  parseCoverRequest,
  renderBrandImage,
  renderImage,
  type BrandAsset,
} from './media.service.js';

/** Bytes behind a URL never change (ART_VERSION changes the ETag), so caches may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function badRequest(res: Response, message: string): void {
  // Undo any image headers already set, so an error is never cached as a picture.
  res.removeHeader('ETag');
  res.removeHeader('Vary');
  res.status(400).set({ 'Cache-Control': 'no-store', 'Content-Type': 'application/json; charset=utf-8' }).json({ message });
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

export function createMediaRouter(): express.Router {
  const router = express.Router();

  router.get('/covers/:key', async (req, res) => {
    const parsed = parseCoverRequest(req.params.key, { w: req.query.w, ratio: req.query.ratio });
    if (!parsed.ok) {
      badRequest(res, parsed.message);
      return;
    }
    const format = negotiateFormat(req.get('Accept'));
    const opts = { ...parsed.value, format };
    res.set({
      'Content-Type': CONTENT_TYPES[format],
      'Cache-Control': IMMUTABLE,
      ETag: coverEtag(opts),
      'X-Content-Type-Options': 'nosniff',
    });
    res.vary('Accept');
    // The ETag is known before rendering, so revalidations cost no image work.
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    try {
      res.send(await renderImage(opts));
    } catch (err) {
      if (err instanceof MediaInputError) {
        badRequest(res, err.message);
        return;
      }
      throw err;
    }
  });

  router.get('/brand/logo.png', brandHandler('logo'));
  router.get('/brand/logo-600x60.png', brandHandler('banner'));

  return router;
}
