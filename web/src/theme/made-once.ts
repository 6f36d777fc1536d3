import { css, type SerializedStyles } from '@emotion/react';
import type { SxProps, Theme } from '@mui/material/styles';
import { theme } from './theme';

/**
 * Styles written in `sx` terms (theme spacing, palette and typography, as CSS variables) and
 * serialised once, when the module loads. A component styled with one such block, e.g.
 * `styled('p')(madeOnce({ typography: 'caption' }))`, skips Emotion's per-render serialisation
 * and hashing: the server renders it for the price of a class name. Variants are attribute
 * selectors inside the block, not props, so nothing is computed per element (decision 038).
 */
export function madeOnce(sx: SxProps<Theme>): SerializedStyles {
  return css(theme.unstable_sx(sx) as Parameters<typeof css>[0]);
}
