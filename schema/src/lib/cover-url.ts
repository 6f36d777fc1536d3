/**
 * The one spelling of a cover image URL: `/media/covers/<key>?w=<width>&ratio=<ratio>` for
 * generated art, `/media/covers/uploads/<article id>-<version>?w=&ratio=` for an uploaded picture.
 * The seeder stores the path, the media route parses it, pages build srcsets and social images
 * from it. Only the widths and ratios listed here are rendered, so the image cache cannot be
 * flooded with variants.
 */

export const COVER_PATH_PREFIX = '/media/covers/';

/** Widths offered in srcset. */
export const COVER_WIDTHS = [320, 480, 768, 1024] as const;
/** Social cards (Open Graph, Twitter) want 1200 wide. */
export const OG_COVER_WIDTH = 1200;
/** Every width the media route renders; anything else is refused. */
export const ALLOWED_COVER_WIDTHS: readonly number[] = [...COVER_WIDTHS, OG_COVER_WIDTH];
/** The width when `w` is absent. */
export const DEFAULT_COVER_WIDTH = 1024;

/** `ratio` values and their width / height. */
export const COVER_RATIOS = { '16x9': 16 / 9, '4x3': 4 / 3, '1x1': 1 } as const;
export type CoverRatio = keyof typeof COVER_RATIOS;
/** The ratio when `ratio` is absent. */
export const DEFAULT_COVER_RATIO: CoverRatio = '16x9';

/** Neutral covers `fallback-1` ... `fallback-N` for articles without their own picture. */
export const FALLBACK_COVER_COUNT = 8;

/** A key: lowercase words joined by single hyphens, optionally `<category>--<article>`. */
export const COVER_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:--[a-z0-9]+(?:-[a-z0-9]+)*)?$/;
export const MAX_COVER_KEY_LENGTH = 160;

/** The key of an article's own cover: its category and its slug. */
export function articleCoverKey(categorySlug: string, articleSlug: string): string {
  return `${categorySlug}--${articleSlug}`;
}

/** The site-relative cover path of a key, `/media/covers/<key>` (what articles store as imageUrl). */
export function coverPath(key: string): string {
  return `${COVER_PATH_PREFIX}${key}`;
}

/**
 * Uploaded covers live beside the generated ones: `/media/covers/uploads/<article id>-<version>`,
 * the version being the first 16 hex digits of the SHA-256 of the stored master. A replaced cover
 * gets a new URL, so the year-long immutable caching of cover bytes stays correct.
 */
export const UPLOADED_COVER_PATH_PREFIX = `${COVER_PATH_PREFIX}uploads/`;
/** `<article id>-<version>`: what follows UPLOADED_COVER_PATH_PREFIX. */
export const UPLOADED_COVER_NAME_PATTERN = /^([1-9][0-9]{0,9})-([0-9a-f]{16})$/;
export const UPLOADED_COVER_VERSION_LENGTH = 16;

export interface UploadedCoverName {
  articleId: number;
  version: string;
}

/** The path of an article's uploaded cover at a version (what the article stores as imageUrl). */
export function uploadedCoverPath(articleId: number, version: string): string {
  return `${UPLOADED_COVER_PATH_PREFIX}${articleId}-${version}`;
}

/** `<article id>-<version>` parsed, or null when it is not one. */
export function parseUploadedCoverName(name: string): UploadedCoverName | null {
  const match = UPLOADED_COVER_NAME_PATTERN.exec(name);
  if (!match) return null;
  const articleId = Number(match[1]);
  return Number.isSafeInteger(articleId) && articleId <= 2_147_483_647 ? { articleId, version: match[2] } : null;
}

/** Whether a stored imageUrl is an uploaded cover (else it is generated art). */
export function isUploadedCoverPath(imageUrl: string): boolean {
  return imageUrl.startsWith(UPLOADED_COVER_PATH_PREFIX);
}

/** The path of neutral cover n, 1 to FALLBACK_COVER_COUNT. */
export function fallbackCoverPath(n: number): string {
  return coverPath(`fallback-${n}`);
}

/**
 * A cover URL at a width and ratio: `coverUrl('/media/covers/k', { width: 480 })` ->
 * `/media/covers/k?w=480`. Takes a cover path (or a key); a parameter left out is not written
 * and the media route uses its default.
 */
export function coverUrl(pathOrKey: string, options: { width?: number; ratio?: CoverRatio } = {}): string {
  const path = pathOrKey.startsWith('/') ? pathOrKey : coverPath(pathOrKey);
  const params = new URLSearchParams();
  if (options.width !== undefined) params.set('w', String(options.width));
  if (options.ratio !== undefined) params.set('ratio', options.ratio);
  const query = params.toString();
  if (!query) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** `srcset` over the offered widths at one ratio. */
export function coverSrcSet(path: string, ratio?: CoverRatio): string {
  return COVER_WIDTHS.map((width) => `${coverUrl(path, { width, ratio })} ${width}w`).join(', ');
}

/** Pixel height of a cover at a width and ratio. */
export function coverHeight(width: number, ratio: CoverRatio = DEFAULT_COVER_RATIO): number {
  return Math.round(width / COVER_RATIOS[ratio]);
}
