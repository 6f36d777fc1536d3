import type { Request } from 'express';

export type ImageFormat = 'avif' | 'webp' | 'jpeg';

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/** The server's preference, smallest files first. */
const PREFERENCE: readonly ImageFormat[] = ['avif', 'webp'];

/**
 * avif, else webp, else jpeg, whatever q-values rank them (the server prefers the smaller file).
 * Modern formats need an explicit listing: browsers that cannot decode AVIF still send image/* or
 * *\/*, so wildcards only ever earn JPEG, which every client decodes. An explicit q=0 refuses a format.
 *
 * `req.accepts()` without arguments lists the media ranges the client accepts (q > 0, parsed by
 * Express's negotiator). Asking it to choose among the three types instead would let a wildcard
 * earn AVIF and let the client's q-values overrule the server's preference.
 */
export function negotiateFormat(req: Pick<Request, 'accepts'>): ImageFormat {
  const listed = new Set(req.accepts().map((type) => type.toLowerCase()));
  return PREFERENCE.find((format) => listed.has(CONTENT_TYPES[format])) ?? 'jpeg';
}
