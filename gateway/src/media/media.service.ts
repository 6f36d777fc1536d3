/**
 * Raster cover images and brand assets, rendered on demand from the project's
 * own SVG artwork and memoised in memory. Nothing is fetched from other hosts.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { renderBannerSvg, renderLogoSvg } from './brand-art.js';
import { renderCoverSvg } from './cover-art.js';
import { LruCache } from './lru-cache.js';

/** Widths offered in srcset. */
export const IMAGE_WIDTHS = [320, 480, 768, 1024] as const;
/** Social cards (Open Graph, Twitter) want 1200 wide. */
export const OG_IMAGE_WIDTH = 1200;
/** Every width the service renders; anything else is refused so the cache cannot be flooded. */
export const ALLOWED_WIDTHS: readonly number[] = [...IMAGE_WIDTHS, OG_IMAGE_WIDTH];
export const DEFAULT_WIDTH = 1024;

export const ASPECT_RATIOS = { '16x9': 16 / 9, '4x3': 4 / 3, '1x1': 1 } as const;
export type AspectRatio = keyof typeof ASPECT_RATIOS;
export const DEFAULT_RATIO: AspectRatio = '16x9';

/** Number of neutral "fallback-N" covers for articles without their own key. */
export const FALLBACK_IMAGE_COUNT = 8;

export const KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:--[a-z0-9]+(?:-[a-z0-9]+)*)?$/;
export const MAX_KEY_LENGTH = 160;

/** Bump when the artwork changes, so ETags (and thus revalidation) follow the new pictures. */
export const ART_VERSION = '1';

export type ImageFormat = 'avif' | 'webp' | 'jpeg';

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

export function coverImageUrl(key: string): string {
  return `/media/covers/${key}`;
}

export function fallbackImageUrl(n: number): string {
  return `/media/covers/fallback-${n}`;
}

/** Pixel height for a width at an aspect ratio. */
export function coverHeight(width: number, ratio: AspectRatio): number {
  return Math.round(width / ASPECT_RATIOS[ratio]);
}

// ---------------------------------------------------------------------------
// Input validation

/** Input the caller got wrong; the router answers these with 400. */
export class MediaInputError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = 'MediaInputError';
  }
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export function parseKey(raw: unknown): Parsed<string> {
  if (typeof raw !== 'string' || raw.length === 0) return { ok: false, message: 'key is required' };
  if (raw.length > MAX_KEY_LENGTH) return { ok: false, message: `key must be at most ${MAX_KEY_LENGTH} characters` };
  if (!KEY_PATTERN.test(raw)) {
    return {
      ok: false,
      message:
        'key is malformed: use lowercase letters, digits and single hyphens, optionally "<category>--<slug>" (e.g. cybersecurity--some-article)',
    };
  }
  return { ok: true, value: raw };
}

const WIDTH_MESSAGE = `w must be one of ${ALLOWED_WIDTHS.join(', ')}`;
const RATIO_MESSAGE = `ratio must be one of ${Object.keys(ASPECT_RATIOS).join(', ')}`;

/** `w` query value; undefined means the default. Strict digits only, so "1024px" or "1e3" are refused. */
export function parseWidth(raw: unknown): Parsed<number> {
  if (raw === undefined) return { ok: true, value: DEFAULT_WIDTH };
  if (typeof raw !== 'string' || !/^\d{1,5}$/.test(raw)) return { ok: false, message: WIDTH_MESSAGE };
  const width = Number(raw);
  return ALLOWED_WIDTHS.includes(width) ? { ok: true, value: width } : { ok: false, message: WIDTH_MESSAGE };
}

export function parseRatio(raw: unknown): Parsed<AspectRatio> {
  if (raw === undefined) return { ok: true, value: DEFAULT_RATIO };
  if (typeof raw === 'string' && Object.hasOwn(ASPECT_RATIOS, raw)) return { ok: true, value: raw as AspectRatio };
  return { ok: false, message: RATIO_MESSAGE };
}

export interface CoverRequest {
  key: string;
  width: number;
  ratio: AspectRatio;
}

/** Validates everything a cover URL carries; reports the first problem found. */
export function parseCoverRequest(key: unknown, query: { w?: unknown; ratio?: unknown }): Parsed<CoverRequest> {
  const k = parseKey(key);
  if (!k.ok) return k;
  const w = parseWidth(query.w);
  if (!w.ok) return w;
  const r = parseRatio(query.ratio);
  if (!r.ok) return r;
  return { ok: true, value: { key: k.value, width: w.value, ratio: r.value } };
}

// ---------------------------------------------------------------------------
// Content negotiation

interface MediaRange {
  type: string;
  q: number;
}

function parseAccept(accept: string): MediaRange[] {
  return accept
    .split(',')
    .map((part) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim());
      let q = 1;
      for (const param of params) {
        const [name, value] = param.split('=').map((s) => s.trim());
        if (name?.toLowerCase() === 'q' && value !== undefined) {
          const parsed = Number(value);
          q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
        }
      }
      return { type: type.toLowerCase(), q };
    })
    .filter((range) => range.type.length > 0);
}

/**
 * avif, else webp, else jpeg. Modern formats need an explicit listing: browsers
 * that cannot decode AVIF still send image/* or *\/*, so wildcards only ever
 * earn JPEG, which every client decodes. An explicit q=0 refuses a format.
 */
export function negotiateFormat(accept: string | undefined): ImageFormat {
  if (!accept) return 'jpeg';
  const ranges = parseAccept(accept);
  const accepts = (type: string): boolean => {
    const range = ranges.find((r) => r.type === type);
    return range !== undefined && range.q > 0;
  };
  if (accepts('image/avif')) return 'avif';
  if (accepts('image/webp')) return 'webp';
  return 'jpeg';
}

// ---------------------------------------------------------------------------
// Rendering and caching

export interface RenderOptions {
  key: string;
  width: number;
  ratio: AspectRatio;
  format: ImageFormat;
}

/** Strong validator: the bytes depend only on these inputs and the artwork version. */
export function coverEtag(opts: RenderOptions): string {
  const digest = createHash('sha1')
    .update(`${ART_VERSION}|${opts.key}|${opts.width}|${opts.ratio}|${opts.format}`)
    .digest('base64url');
  return `"${digest}"`;
}

const cache = new LruCache<string, Buffer>({
  maxEntries: 300,
  maxSize: 64 * 1024 * 1024,
  sizeOf: (buf) => buf.byteLength,
});
const inFlight = new Map<string, Promise<Buffer>>();

function assertValid(opts: RenderOptions): void {
  const key = parseKey(opts.key);
  if (!key.ok) throw new MediaInputError(key.message);
  if (!ALLOWED_WIDTHS.includes(opts.width)) throw new MediaInputError(WIDTH_MESSAGE);
  if (!Object.hasOwn(ASPECT_RATIOS, opts.ratio)) throw new MediaInputError(RATIO_MESSAGE);
  if (!Object.hasOwn(CONTENT_TYPES, opts.format)) throw new MediaInputError('format must be one of avif, webp, jpeg');
}

async function rasterise({ key, width, ratio, format }: RenderOptions): Promise<Buffer> {
  const height = coverHeight(width, ratio);
  // The SVG already declares the exact size; the resize only guards against librsvg rounding.
  const image = sharp(Buffer.from(renderCoverSvg(key, width, height))).resize(width, height, { fit: 'cover' });
  switch (format) {
    case 'avif':
      // Low effort keeps a cold render well under a second; the size gain above it is marginal.
      return image.avif({ quality: 52, effort: 2, chromaSubsampling: '4:2:0' }).toBuffer();
    case 'webp':
      return image.webp({ quality: 80, effort: 4 }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: 82, progressive: true, mozjpeg: true }).toBuffer();
  }
}

/**
 * Cover image bytes at exactly `width` × round(width / ratio) pixels.
 * Memoised; concurrent identical requests share one render.
 * @throws MediaInputError when the options are not ones the site offers.
 */
export async function renderImage(opts: RenderOptions): Promise<Buffer> {
  assertValid(opts);
  const id = `${opts.key}|${opts.width}|${opts.ratio}|${opts.format}`;
  const hit = cache.get(id);
  if (hit) return hit;
  const pending = inFlight.get(id);
  if (pending) return pending;
  const job = rasterise(opts)
    .then((buf) => {
      cache.set(id, buf);
      return buf;
    })
    .finally(() => inFlight.delete(id));
  inFlight.set(id, job);
  return job;
}

export type BrandAsset = 'logo' | 'banner';

const brandCache = new Map<BrandAsset, Promise<{ body: Buffer; etag: string }>>();

/** Publisher logo (512×512) or banner (600×60) as PNG, rendered once per process. */
export function renderBrandImage(asset: BrandAsset): Promise<{ body: Buffer; etag: string }> {
  let job = brandCache.get(asset);
  if (!job) {
    const svg = asset === 'logo' ? renderLogoSvg() : renderBannerSvg();
    job = sharp(Buffer.from(svg))
      .png({ compressionLevel: 9, palette: false })
      .toBuffer()
      .then((body) => ({ body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` }));
    // A failed render must not stick: the next request retries.
    job.catch(() => brandCache.delete(asset));
    brandCache.set(asset, job);
  }
  return job;
}

/** Cache occupancy, for diagnostics and tests. */
export function mediaCacheStats(): { entries: number; bytes: number; inFlight: number } {
  return { entries: cache.size, bytes: cache.totalBytes, inFlight: inFlight.size };
}

export function clearMediaCache(): void {
  cache.clear();
}
