/**
 * Styles for a block that may start below the fold: the browser skips its style, layout, paint and
 * animations until it nears the viewport, then renders it as usual. On a phone the home page's
 * blocking time was the layout of everything under the featured story and the frames of entry
 * animations nobody could see (README, Performance).
 *
 * `auto` keeps the real size once the block has rendered; the estimate only sizes it before that,
 * off screen (no layout shift a reader sees). The clip margin leaves room for hover shadows, focus
 * rings and the cards' 12 px entry rise, which paint containment would otherwise cut.
 */
export function belowTheFold(estimatedHeightPx: number) {
  return {
    contentVisibility: 'auto',
    containIntrinsicSize: `auto ${estimatedHeightPx}px`,
    overflowClipMargin: '24px',
  } as const;
}
