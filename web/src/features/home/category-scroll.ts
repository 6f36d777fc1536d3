/** One click of an arrow scrolls this far: 300 px. */
export const CATEGORY_SCROLL_STEP_PX = 300;
// Sub-pixel scroll positions (zoom, high-DPI) must not leave an arrow showing at the very edge.
const EDGE_TOLERANCE_PX = 1;

export interface ScrollMetrics {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}

/** An arrow shows only when content is scrolled off its side. */
export function arrowVisibility({ scrollLeft, scrollWidth, clientWidth }: ScrollMetrics): { left: boolean; right: boolean } {
  return {
    left: scrollLeft > EDGE_TOLERANCE_PX,
    right: scrollLeft + clientWidth < scrollWidth - EDGE_TOLERANCE_PX,
  };
}
