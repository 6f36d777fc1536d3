/**
 * HTTP surface for self-hosted images, mounted at /media.
 *   GET|HEAD /covers/:key?w=&ratio=   cover art, format negotiated from Accept
 *   GET|HEAD /covers/uploads/:name?w=&ratio=   an uploaded cover (`<article id>-<version>`), the same way
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
import { NotFoundError, parseUploadedCoverName, ValidationError } from '../../../schema/src/index.js';
import { renderBrandImage, type BrandAsset } from './brand-images.js';
import { CoverCatalog, type CoverKeyLookup } from './cover-catalog.js';
import { coverEtag, coverRenderer, type CoverRenderer, type RenderOptions } from './cover-renderer.js';
import { parseCoverRequest, parseRatio, parseWidth } from './cover-request.js';
import { CONTENT_TYPES, negotiateFormat } from './image-format.js';
import { createRenderLimiter, DEFAULT_RENDER_LIMIT, type RenderLimitOptions } from './render-limiter.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { clientAddressKey } from '../security/rate-limits.js';
import { IMMUTABLE_ASSET } from '../cache/cache-profiles.js';

/** Bytes behind a URL never change (ART_VERSION changes the ETag), so caches may keep them for good. */
const IMMUTABLE = IMMUTABLE_ASSET;

export interface MediaRouterOptions {
  /** Whether an article's cover uses this key (the stock pool is known without asking). */
  coverKeyExists: CoverKeyLookup;
  /** Defaults to the process's renderer, so every router shares one cache and one queue. */
  renderer?: CoverRenderer;
  renderLimit?: RenderLimitOptions;
  /** Shares the render limit's counts with every process (else this process counts alone). */
  redis?: SharedRedis | null;
  /** Uploaded covers by name (`<article id>-<version>`); without them every upload URL is 404. */
  uploads?: UploadedCoverSource;
}

export interface UploadedCoverSource {
  /** Whether the cover is still the article's (a cheap lookup, remembered briefly). */
  exists(name: string, req: Request): Promise<boolean>;
  /** Its stored master, null when there is none. */
  master(name: string, req: Request): Promise<Buffer | null>;
}

/**
 * How long a process trusts that an uploaded cover still exists: variants in memory are served
 * without asking the database, and a removed cover stops being served within this time.
 */
export const UPLOAD_EXISTS_TTL_MS = 10_000;

const UPLOAD_NAME_MALFORMED = 'name must be <article id>-<version>, as in the article\'s imageUrl';

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
  const limiter = createRenderLimiter(options.renderLimit ?? DEFAULT_RENDER_LIMIT, options.redis ?? null);
  const uploads = options.uploads;
  const uploadCatalog = new CoverCatalog({ lookup: (name, req) => uploads?.exists(name, req) ?? Promise.resolve(false), ttlMs: UPLOAD_EXISTS_TTL_MS });
  const router = express.Router();

  /**
   * One cover answer, generated or uploaded: the name is checked in its catalogue (a lookup spends
   * the client's render budget, once per request), the ETag is set before any image work so a
   * revalidation costs none, then the cached bytes or a render.
   */
  const serveCover = async (
    req: Request,
    res: Response,
    opts: RenderOptions,
    cover: { catalog: CoverCatalog; name: string; mustExist: boolean; missing: string; render: () => Promise<Buffer> },
  ): Promise<void> => {
    const cached = renderer.cached(opts);
    const clientKey = clientAddressKey(req);
    let charged = false;
    if (cover.mustExist || !cached) {
      let exists = cover.catalog.known(cover.name);
      if (exists === undefined) {
        await limiter.consume(clientKey);
        charged = true;
        exists = await cover.catalog.exists(cover.name, req);
      }
      if (!exists) throw new NotFoundError(cover.missing);
    }
    // Should the render fail below, the error handler drops these headers again.
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
    res.send(await cover.render());
  };

  router.get('/covers/:key', async (req, res) => {
    const opts: RenderOptions = {
      ...parseCoverRequest(req.params.key, { w: req.query.w, ratio: req.query.ratio }),
      format: negotiateFormat(req),
    };
    // Generated art never changes behind its key: a cached render needs no lookup.
    await serveCover(req, res, opts, { catalog, name: opts.key, mustExist: false, missing: `No cover image named ${opts.key}`, render: () => renderer.render(opts) });
  });

  // Uploaded covers: the version in the name changes with the picture, so the bytes behind a URL
  // never change and the same immutable caching holds. A removed one must stop being served, so its
  // name is checked even when its render is cached.
  router.get('/covers/uploads/:name', async (req, res) => {
    const name = req.params.name;
    if (!parseUploadedCoverName(name)) throw new ValidationError(UPLOAD_NAME_MALFORMED, [{ field: 'name', message: UPLOAD_NAME_MALFORMED }]);
    const opts: RenderOptions = { key: `uploads/${name}`, width: parseWidth(req.query.w), ratio: parseRatio(req.query.ratio), format: negotiateFormat(req) };
    const missing = `No uploaded cover named ${name}`;
    await serveCover(req, res, opts, {
      catalog: uploadCatalog,
      name,
      mustExist: true,
      missing,
      render: async () => {
        const master = await uploads?.master(name, req);
        if (!master) throw new NotFoundError(missing);
        return renderer.renderUpload(opts, master);
      },
    });
  });

  router.get('/brand/logo.png', brandHandler('logo'));
  router.get('/brand/logo-600x60.png', brandHandler('banner'));

  return router;
}
