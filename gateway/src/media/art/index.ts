/**
 * Procedural cover art for articles.
 *
 * Every cover is an SVG composed from a category motif plus shared editorial
 * layers (gradient ground, light glows, texture, vignette). A PRNG seeded from
 * the image key makes each picture reproducible without storing anything, while
 * still giving sibling articles of one category distinct compositions.
 *
 * One file per motif (named after its category slug), registry.ts maps categories to
 * motifs, category-scene.ts and stock-scene.ts compose whole pictures, svg.ts and rng.ts
 * are the shared drawing helpers, brand.ts draws the publisher's logo and banner.
 */

import { renderCategoryScene } from './category-scene.js';
import { renderStockScene } from './stock-scene.js';

export { CATEGORY_MOTIFS, GENERIC_MOTIF, categoryOfKey, motifForKey, type CategorySlug } from './registry.js';
export type { CategoryMotif, DrawContext, Palette } from './types.js';
export { BRAND_BLUE, renderBannerSvg, renderLogoSvg } from './brand.js';

const FALLBACK_KEY = /^fallback-(\d+)$/;

/**
 * SVG cover for an image key, at exactly width × height pixels.
 * The same key always yields the same markup; the picture contains no text.
 */
export function renderCoverSvg(key: string, width: number, height: number): string {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  // Fixed 1000-unit height keeps stroke weights and motif sizes independent of pixel size.
  const H = 1000;
  const W = Math.round((H * w) / h);
  const fallback = FALLBACK_KEY.exec(key);
  const body = fallback ? renderStockScene(key, Number(fallback[1]), W, H) : renderCategoryScene(key, W, H);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">` +
    body +
    `</svg>`
  );
}
