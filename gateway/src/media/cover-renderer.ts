/**
 * Raster cover images from the project's own SVG artwork. Each variant (key, width, ratio,
 * format) is rendered once per process and kept in an LRU bounded by bytes; concurrent
 * requests for one variant share its render, and renders run through a small bounded queue
 * so a burst of cold variants cannot take every core from the pages.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { LRUCache } from 'lru-cache';
import sharp, { type Sharp } from 'sharp';
import { ALLOWED_COVER_WIDTHS, COVER_RATIOS, coverHeight, type CoverRatio, ValidationError } from '../../../schema/src/index.js';
import { renderCoverSvg } from './art/index.js';
import { RATIO_MESSAGE, WIDTH_MESSAGE, parseKey } from './cover-request.js';
import { CONTENT_TYPES, type ImageFormat } from './image-format.js';
import { RenderQueue, type RenderQueueOptions } from './render-queue.js';

/** Bump when the artwork changes, so ETags (and thus revalidation) follow the new pictures. */
export const ART_VERSION = '1';

export interface RenderOptions {
  key: string;
  width: number;
  ratio: CoverRatio;
  format: ImageFormat;
}

/** Strong validator: the bytes depend only on these inputs and the artwork version. */
export function coverEtag(opts: RenderOptions): string {
  const digest = createHash('sha1')
    .update(`${ART_VERSION}|${opts.key}|${opts.width}|${opts.ratio}|${opts.format}`)
    .digest('base64url');
  return `"${digest}"`;
}

function variantId({ key, width, ratio, format }: RenderOptions): string {
  return `${key}|${width}|${ratio}|${format}`;
}

/** The cover as image bytes at exactly `width` × round(width / ratio) pixels. */
export async function rasteriseCover({ key, width, ratio, format }: RenderOptions): Promise<Buffer> {
  const height = coverHeight(width, ratio);
  // The SVG already declares the exact size; the resize only guards against librsvg rounding.
  return encodeVariant(sharp(Buffer.from(renderCoverSvg(key, width, height))).resize(width, height, { fit: 'cover' }), format);
}

/**
 * An uploaded cover's variant from its stored master, cropped to the ratio around its most
 * salient part. No metadata is written (sharp keeps none unless asked); JPEG has no alpha, so a
 * transparent picture is laid on white.
 */
export async function rasteriseUpload(master: Buffer, { width, ratio, format }: Omit<RenderOptions, 'key'>): Promise<Buffer> {
  const image = sharp(master).resize(width, coverHeight(width, ratio), { fit: 'cover', position: sharp.strategy.attention });
  return encodeVariant(format === 'jpeg' ? image.flatten({ background: '#ffffff' }) : image, format);
}

async function encodeVariant(image: Sharp, format: ImageFormat): Promise<Buffer> {
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

/** @throws ValidationError when the options are not ones the site offers. */
function assertValid(opts: RenderOptions): void {
  parseKey(opts.key);
  if (!ALLOWED_COVER_WIDTHS.includes(opts.width)) throw new ValidationError(WIDTH_MESSAGE, [{ field: 'w', message: WIDTH_MESSAGE }]);
  if (!Object.hasOwn(COVER_RATIOS, opts.ratio)) throw new ValidationError(RATIO_MESSAGE, [{ field: 'ratio', message: RATIO_MESSAGE }]);
  if (!Object.hasOwn(CONTENT_TYPES, opts.format)) throw new ValidationError('format must be one of avif, webp, jpeg');
}

export interface CoverRendererOptions {
  /** Byte budget of the rendered variants kept in memory. */
  maxBytes: number;
  queue: RenderQueueOptions;
  /** The rendering itself; tests substitute one they control. */
  rasterise?: (opts: RenderOptions) => Promise<Buffer>;
}

/**
 * Variants weigh 2-50 kB (18 kB on average: a 320-wide AVIF is 2 kB, a square 1200-wide JPEG
 * 50 kB), so 64 MB holds all 45 variants of some 80 covers, every variant of the launch content,
 * and the most-read ones of a larger archive (the app sets its own budget per database: config's
 * CACHE_DEFAULT_MB). A render keeps one core busy for up to a second,
 * so at most half the cores (one or two) render at once and the rest stay with the pages;
 * sixteen waiting absorb a cold page full of covers (a browser fetches six at a time).
 */
export const DEFAULT_RENDERER_OPTIONS: CoverRendererOptions = {
  maxBytes: 64 * 1024 * 1024,
  queue: { running: Math.min(2, Math.max(1, Math.floor(availableParallelism() / 2))), waiting: 16, retryAfterSeconds: 2 },
};

export class CoverRenderer {
  private readonly cache: LRUCache<string, Buffer>;
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly queue: RenderQueue;
  private readonly rasterise: (opts: RenderOptions) => Promise<Buffer>;

  constructor(options: CoverRendererOptions) {
    this.cache = new LRUCache<string, Buffer>({ maxSize: options.maxBytes, sizeCalculation: (buf) => buf.byteLength });
    this.queue = new RenderQueue(options.queue);
    this.rasterise = options.rasterise ?? rasteriseCover;
  }

  /** The rendered bytes when this variant is in memory; never renders. */
  cached(opts: RenderOptions): Buffer | undefined {
    return this.cache.get(variantId(opts));
  }

  /**
   * Cover image bytes, from memory or rendered through the queue. Concurrent identical
   * requests share one render.
   * @throws ValidationError when the options are not ones the site offers.
   * @throws ServiceUnavailableError when the render queue is full.
   */
  async render(opts: RenderOptions): Promise<Buffer> {
    assertValid(opts);
    return this.produce(variantId(opts), () => this.rasterise(opts));
  }

  /**
   * An uploaded cover's variant, from memory or rendered from its master through the same queue
   * and cache as the artwork. `opts.key` is the cover's path below /media/covers/ (`uploads/<name>`,
   * its version included), so a replaced picture never meets the old one's variants.
   * @throws ServiceUnavailableError when the render queue is full.
   */
  async renderUpload(opts: RenderOptions, master: Buffer): Promise<Buffer> {
    return this.produce(variantId(opts), () => rasteriseUpload(master, opts));
  }

  private async produce(id: string, rasterise: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.cache.get(id);
    if (hit) return hit;
    let job = this.inFlight.get(id);
    if (!job) {
      job = this.queue
        .run(rasterise)
        .then((buf) => {
          this.cache.set(id, buf);
          return buf;
        })
        .finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, job);
    }
    return job;
  }

  /**
   * Other image work (an editor's upload being decoded) in the same queue as the renders, so
   * uploads and renders together stay within its cap.
   * @throws ServiceUnavailableError when the queue is full.
   */
  work<T>(job: () => Promise<T>): Promise<T> {
    return this.queue.run(job);
  }

  /** Occupancy, for diagnostics and tests. */
  stats(): { entries: number; bytes: number; inFlight: number; running: number; waiting: number } {
    return { entries: this.cache.size, bytes: this.cache.calculatedSize, inFlight: this.inFlight.size, ...this.queue.stats };
  }

  clear(): void {
    this.cache.clear();
  }
}
