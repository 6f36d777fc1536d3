/**
 * HTTP surface for self-hosted images, mounted at /media.
 *   GET|HEAD /covers/:key?w=&ratio=   cover art, format negotiated from Accept
 *   GET|HEAD /covers/uploads/:name?w=&ratio=   an uploaded cover (`<article id>-<version>`), the same way
 *   GET|HEAD /authors/:name           an author's uploaded photo (`<author id>-<version>.webp`)
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
import { coverPath, isAuthorPhotoName, NotFoundError, parseUploadedCoverName, UPLOADED_COVER_PATH_PREFIX, ValidationError } from '../../../schema/src/index.js';
import { renderBrandImage, type BrandAsset } from './brand-images.js';
import { CoverCatalog, type CoverKeyLookup } from './cover-catalog.js';
import { coverEtag, type CoverRenderer, rasteriseCover, type RenderOptions } from './cover-renderer.js';
import type { CoverPreviews } from './cover-preview.js';
import { parseCoverRequest, parseRatio, parseWidth } from './cover-request.js';
import { CONTENT_TYPES, negotiateFormat } from './image-format.js';
import { createRenderLimiter, DEFAULT_RENDER_LIMIT, type RenderLimitOptions } from './render-limiter.js';
import type { SharedRedis } from '../redis/shared-redis.js';
import { clientAddressKey } from '../security/rate-limits.js';
import { IMMUTABLE_ASSET, NO_STORE } from '../cache/cache-profiles.js';

/** Bytes behind a URL never change (ART_VERSION changes the ETag), so caches may keep them for good. */
const IMMUTABLE = IMMUTABLE_ASSET;

export interface MediaRouterOptions {
  /** Whether an article's cover uses this key (the stock pool is known without asking). */
  coverKeyExists: CoverKeyLookup;
  /** The app's renderer: one cache and one queue for every cover request and upload. */
  renderer: CoverRenderer;
  renderLimit?: RenderLimitOptions;
  /** Shares the render limit's counts with every process (else this process counts alone). */
  redis?: SharedRedis | null;
  /** Uploaded covers by name (`<article id>-<version>`); without them every upload URL is 404. */
  uploads?: UploadedCoverSource;
  /** Checks the signature of a newsroom preview (`?preview=`); without it there are none. */
  previews?: CoverPreviews;
  /** Whether the request carries an editor's token (`Authorization: Bearer`), who may preview too. */
  isEditor?: (req: Request) => Promise<boolean>;
  /** An author's uploaded photo by its file name; without it every author photo URL is 404. */
  authorPhoto?: (name: string, req: Request) => Promise<{ data: Buffer; version: string } | null>;
}

export interface UploadedCoverSource {
  /**
   * Whether the cover is still the article's (a cheap lookup, remembered briefly for readers), and
   * for readers whether they can see the article; `unpublished` for an editor's preview.
   */
  exists(name: string, req: Request, unpublished?: boolean): Promise<boolean>;
  /** Its stored master, null when there is none. */
  master(name: string, req: Request): Promise<Buffer | null>;
}

/**
 * How long a process trusts that an uploaded cover still exists: variants in memory are served
 * without asking the database, and a removed cover stops being served within this time.
 */
export const UPLOAD_EXISTS_TTL_MS = 10_000;

const UPLOAD_NAME_MALFORMED = 'name must be <article id>-<version>, as in the article\'s imageUrl';

function setCoverHeaders(res: Response, opts: RenderOptions, preview = false): void {
  res.set({
    'Content-Type': CONTENT_TYPES[opts.format],
    // A preview shows what readers cannot see yet: no cache keeps it.
    'Cache-Control': preview ? NO_STORE : IMMUTABLE,
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
  const renderer = options.renderer;
  const catalog = new CoverCatalog({ lookup: options.coverKeyExists });
  const limiter = createRenderLimiter(options.renderLimit ?? DEFAULT_RENDER_LIMIT, options.redis ?? null);
  const uploads = options.uploads;
  const uploadCatalog = new CoverCatalog({ lookup: (name, req) => uploads?.exists(name, req) ?? Promise.resolve(false), ttlMs: UPLOAD_EXISTS_TTL_MS });
  const router = express.Router();
  /** Whether this request is an editor's preview: a signed URL, or an editor's token. */
  const isPreview = async (req: Request, path: string): Promise<boolean> => {
    if (req.query.preview !== undefined && options.previews?.verifies(path, req.query.preview)) return true;
    return req.headers.authorization !== undefined && (await options.isEditor?.(req)) === true;
  };

  /**
   * One cover answer, generated or uploaded: the name is checked in its catalogue (a lookup spends
   * the client's render budget, once per request), the ETag is set before any image work so a
   * revalidation costs none, then the cached bytes or a render.
   */
  const serveCover = async (
    req: Request,
    res: Response,
    opts: RenderOptions,
    cover: { known: () => boolean | undefined; lookup: () => Promise<boolean>; mustExist: boolean; missing: string; render: () => Promise<Buffer>; preview?: boolean },
  ): Promise<void> => {
    // A preview renders afresh: what is cached is what readers may be sent.
    const cached = cover.preview ? undefined : renderer.cached(opts);
    const clientKey = clientAddressKey(req);
    let charged = false;
    if (cover.mustExist || !cached) {
      let exists = cover.known();
      if (exists === undefined) {
        await limiter.consume(clientKey);
        charged = true;
        exists = await cover.lookup();
      }
      if (!exists) throw new NotFoundError(cover.missing);
    }
    // Should the render fail below, the error handler drops these headers again.
    setCoverHeaders(res, opts, cover.preview);
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
    const asked = parseCoverRequest(req.params.key, { w: req.query.w, ratio: req.query.ratio });
    const opts: RenderOptions = { ...asked, format: negotiateFormat(req, asked) };
    const missing = `No cover image named ${opts.key}`;
    if (await isPreview(req, coverPath(opts.key))) {
      // The newsroom's preview of an article not yet visible: any well-formed key, rendered in the queue, never kept.
      await serveCover(req, res, opts, { known: () => true, lookup: () => Promise.resolve(true), mustExist: true, missing, preview: true, render: () => renderer.work(() => rasteriseCover(opts)) });
      return;
    }
    // Generated art never changes behind its key: a cached render needs no lookup.
    await serveCover(req, res, opts, { known: () => catalog.known(opts.key), lookup: () => catalog.exists(opts.key, req), mustExist: false, missing, render: () => renderer.render(opts) });
  });

  // Uploaded covers: the version in the name changes with the picture, so the bytes behind a URL
  // never change and the same immutable caching holds. A removed one must stop being served, so its
  // name is checked even when its render is cached.
  router.get('/covers/uploads/:name', async (req, res) => {
    const name = req.params.name;
    if (!parseUploadedCoverName(name)) throw new ValidationError(UPLOAD_NAME_MALFORMED, [{ field: 'name', message: UPLOAD_NAME_MALFORMED }]);
    const size = { width: parseWidth(req.query.w), ratio: parseRatio(req.query.ratio) };
    const opts: RenderOptions = { key: `uploads/${name}`, ...size, format: negotiateFormat(req, size) };
    const missing = `No uploaded cover named ${name}`;
    const preview = await isPreview(req, `${UPLOADED_COVER_PATH_PREFIX}${name}`);
    await serveCover(req, res, opts, {
      // Readers' answers are remembered briefly; an editor's preview asks each time, whatever the article's state.
      known: () => (preview ? undefined : uploadCatalog.known(name)),
      lookup: () => (preview ? (uploads?.exists(name, req, true) ?? Promise.resolve(false)) : uploadCatalog.exists(name, req)),
      mustExist: true,
      missing,
      preview,
      render: async () => {
        const master = await uploads?.master(name, req);
        if (!master) throw new NotFoundError(missing);
        return renderer.renderUpload(opts, master);
      },
    });
  });

  // Authors' photos: stored re-encoded at their one size, the version in the name, so immutable too.
  // Each lookup spends the client's render budget: a flood of invented names costs it, not the database.
  router.get('/authors/:name', async (req, res) => {
    const name = req.params.name;
    if (!isAuthorPhotoName(name)) throw new NotFoundError(`No author photo named ${name.slice(0, 80)}`);
    await limiter.consume(clientAddressKey(req));
    const photo = await options.authorPhoto?.(name, req);
    if (!photo) throw new NotFoundError(`No author photo named ${name}`);
    res.set({ 'Content-Type': 'image/webp', 'Cache-Control': IMMUTABLE, ETag: `"${photo.version}"`, 'X-Content-Type-Options': 'nosniff' });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.send(photo.data);
  });

  router.get('/brand/logo.png', brandHandler('logo'));
  router.get('/brand/logo-600x60.png', brandHandler('banner'));

  return router;
}
