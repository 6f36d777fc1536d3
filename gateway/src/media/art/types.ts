import type { Rng } from './rng.js';

export interface Palette {
  /** Darkest tone: carries the background. */
  deep: string;
  /** Supporting tone: secondary glows and structure lines. */
  mid: string;
  /** Highlight tone: the motif itself. */
  accent: string;
}

/** Context a motif draws with. Coordinates use a viewBox whose height is always 1000. */
export interface DrawContext {
  rng: Rng;
  palette: Palette;
  /** viewBox width (1000 × aspect ratio) and height (1000). */
  W: number;
  H: number;
  /** Focal point of the composition, in viewBox units. */
  fx: number;
  fy: number;
}

export interface CategoryMotif {
  palette: Palette;
  /** Largest tilt, in degrees, that still reads well for this motif. */
  maxRotation: number;
  /** Optional full-bleed layer drawn in viewBox coordinates, behind the motif. */
  backdrop?: (ctx: DrawContext) => string;
  /** The motif, drawn around (0, 0) within roughly ±320 units; the caller places, scales and tilts it. */
  draw: (ctx: DrawContext) => string;
}
