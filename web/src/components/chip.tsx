import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { madeOnce } from '../theme/made-once';

/**
 * The look of MUI's small outlined Chip, made once (theme/made-once.ts). A page lists dozens of
 * these; as MUI Chips they were the most expensive element of a server render.
 * - `data-tone="primary"`: the category's colour; `aria-current="true"`: the chosen filter (filled);
 * - `data-filled="primary|secondary|error"`: filled in that colour (Featured, Breaking, badges);
 * - `data-size="medium"`: MUI's default height (the category bar, the article's category);
 * - `data-raised`: on the paper colour, bold (the category bar).
 */
/** The chip's look; chip-link.tsx gives it to a link to a route. */
export const chipStyles = madeOnce({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSizing: 'border-box',
  maxWidth: '100%',
  height: 24,
  m: 0,
  p: 0,
  borderRadius: '16px',
  border: '1px solid var(--mui-palette-Chip-defaultBorder)',
  bgcolor: 'transparent',
  color: 'text.primary',
  fontFamily: 'inherit',
  fontSize: '0.8125rem',
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
  textDecoration: 'none',
  transition: 'background-color 300ms cubic-bezier(0.4, 0, 0.2, 1), box-shadow 300ms cubic-bezier(0.4, 0, 0.2, 1)',
  '& > .chip-label': { overflow: 'hidden', textOverflow: 'ellipsis', px: '7px' },
  '& > svg': { fontSize: 18, ml: '4px', mr: '-4px', color: 'var(--mui-palette-Chip-defaultIconColor)' },
  '&:is(a)': { cursor: 'pointer', userSelect: 'none', WebkitTapHighlightColor: 'transparent' },
  '&:is(a):hover': { bgcolor: 'action.hover' },
  '&:is(a):focus-visible': { bgcolor: 'action.focus', outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '2px' },
  '&:is(a):active': { boxShadow: 1 },
  '&[data-tone="primary"]': { color: 'primary.main', borderColor: 'rgba(var(--mui-palette-primary-mainChannel) / 0.7)' },
  '&[data-tone="primary"]:hover': { bgcolor: 'rgba(var(--mui-palette-primary-mainChannel) / var(--mui-palette-action-hoverOpacity))' },
  '&[data-filled]': { border: 0 },
  '&[data-filled] > .chip-label': { px: 1 },
  '&[data-filled="secondary"]': { bgcolor: 'secondary.main', color: 'secondary.contrastText' },
  '&[data-filled="primary"]': { bgcolor: 'primary.main', color: 'primary.contrastText' },
  '&[data-filled="primary"]:is(a):hover': { bgcolor: 'primary.dark' },
  '&[data-filled="error"]': { bgcolor: 'error.main', color: 'error.contrastText' },
  '&[aria-current="true"]': { border: 0, bgcolor: 'primary.main', color: 'primary.contrastText' },
  '&[aria-current="true"]:hover': { bgcolor: 'primary.dark' },
  '&[data-size="medium"]': { height: 32 },
  '&[data-size="medium"] > .chip-label': { px: '12px' },
  '&[data-size="medium"]:not([data-filled]) > .chip-label': { px: '11px' },
  '&[data-size="medium"] > svg': { fontSize: '1.25rem', ml: '5px', mr: '-6px' },
  '&[data-raised]': { bgcolor: 'background.paper', fontWeight: 600 },
  '&[data-raised]:hover': { borderColor: 'primary.main' },
});

const ChipAnchor = styled('a')(chipStyles);
const ChipSpan = styled('span')(chipStyles);

export type ChipLook = {
  tone?: 'default' | 'primary';
  filled?: 'primary' | 'secondary' | 'error';
  size?: 'small' | 'medium';
  raised?: boolean;
};

export function chipLook({ tone = 'default', filled, size = 'small', raised }: ChipLook) {
  return {
    'data-tone': tone === 'default' ? undefined : tone,
    'data-filled': filled,
    'data-size': size === 'small' ? undefined : size,
    'data-raised': raised ? '' : undefined,
  };
}

/** A chip's icon and label. */
export function ChipContent({ icon, label }: { icon?: ReactNode; label: string }) {
  return (
    <>
      {icon}
      <span className="chip-label">{label}</span>
    </>
  );
}

/**
 * A chip that is a plain link, for where there is no router (the story body, which the newsroom's
 * island renders too): this module does not load React Router.
 */
export function ChipAnchorLink({ href, label, ...look }: ChipLook & { href: string; label: string }) {
  return (
    <ChipAnchor href={href} {...chipLook(look)}>
      <ChipContent label={label} />
    </ChipAnchor>
  );
}

/** A label chip, not a link, filled in a colour: Featured, Breaking, a partner's badge. */
export function BadgeChip({ label, tone = 'secondary', size }: { label: string; tone?: ChipLook['filled']; size?: ChipLook['size'] }) {
  return (
    <ChipSpan {...chipLook({ filled: tone, size })}>
      <span className="chip-label">{label}</span>
    </ChipSpan>
  );
}

/** The Breaking label beside a story's category. */
export function BreakingChip() {
  return <BadgeChip label="Breaking" />;
}
