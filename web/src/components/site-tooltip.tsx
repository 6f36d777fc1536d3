import { useEffect, useRef, useState } from 'react';
import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';

/** Spec section 9: a tooltip opens after 700 ms; within 300 ms of another closing it opens at once. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = Number.NEGATIVE_INFINITY;

/** MUI's Tooltip with the spec's open and skip delays (MUI's own skip window is fixed at 800 ms). */
export function SiteTooltip(props: Omit<TooltipProps, 'open' | 'onOpen' | 'onClose' | 'enterDelay' | 'enterNextDelay'>) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Tooltip
      {...props}
      open={open}
      enterDelay={0}
      enterNextDelay={0}
      onOpen={() => {
        clearTimeout(timer.current);
        if (Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setOpen(true);
        else timer.current = setTimeout(() => setOpen(true), TOOLTIP_OPEN_DELAY_MS);
      }}
      onClose={() => {
        clearTimeout(timer.current);
        setOpen((wasOpen) => {
          if (wasOpen) lastClosedAt = Date.now();
          return false;
        });
      }}
    />
  );
}
