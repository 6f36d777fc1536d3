import type { Request } from 'express';
import { coverHeight, type CoverRatio } from '../../../schema/src/index.js';

export type ImageFormat = 'avif' | 'webp' | 'jpeg';

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/** The server's preference, smallest files first. */
const PREFERENCE: readonly ImageFormat[] = ['avif', 'webp'];

/**
 * avif (up to AVIF_MAX_PIXELS for a cover of that size), else webp, else jpeg, whatever q-values rank them (the server
 * prefers the smaller file).
 * Modern formats need an explicit listing: browsers that cannot decode AVIF still send image/* or
 * *\/*, so wildcards only ever earn JPEG, which every client decodes. An explicit q=0 refuses a format.
 *
 * `req.accepts()` without arguments lists the media ranges the client accepts (q > 0, parsed by
 * Express's negotiator). Asking it to choose among the three types instead would let a wildcard
 * earn AVIF and let the client's q-values overrule the server's preference.
 */
export function negotiateFormat(req: Pick<Request, 'accepts'>, cover?: { width: number; ratio: CoverRatio }): ImageFormat {
  const listed = new Set(req.accepts().map((type) => type.toLowerCase()));
  const pixels = cover ? cover.width * coverHeight(cover.width, cover.ratio) : 0;
  return PREFERENCE.find((format) => listed.has(CONTENT_TYPES[format]) && (format !== 'avif' || pixels <= AVIF_MAX_PIXELS)) ?? 'jpeg';
}

/**
 * AVIF is offered up to this many pixels: a 1200-wide 16:9 cover, the largest a page shows. Its
 * encoder's memory grows with the picture (a 1200 × 1200 AVIF took about 60 MB at once, its WebP
 * about 36 MB), so the larger variants structured data links (4:3 and square, 1024 and 1200 wide)
 * are WebP for a client that takes both (decision 137).
 */
export const AVIF_MAX_PIXELS = 1200 * 675;
