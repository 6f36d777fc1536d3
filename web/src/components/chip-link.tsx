import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { madeOnce } from '../theme/made-once';

/**
 * The look of MUI's small outlined Chip, made once (theme/made-once.ts). A page lists dozens of
 * these; as MUI Chips they were the most expensive element of a server render.
 * - `data-tone="primary"`: the category's colour; `aria-current="true"`: the chosen filter (filled);
 * - `data-size="medium"`: the category bar's taller chip, with an icon;
 * - `data-filled="primary|secondary"`: a label that is not a link (Featured, Breaking, badges).
 */
const chip = madeOnce({
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
  '&[aria-current="true"]': { border: 0, bgcolor: 'primary.main', color: 'primary.contrastText' },
  '&[aria-current="true"]:hover': { bgcolor: 'primary.dark' },
  '&[data-size="medium"]': { height: 32, bgcolor: 'background.paper', fontWeight: 600 },
  '&[data-size="medium"] > .chip-label': { px: '11px' },
  '&[data-size="medium"] > svg': { fontSize: '1.25rem', ml: '5px', mr: '-6px' },
  '&[data-size="medium"]:hover': { borderColor: 'primary.main' },
});

const ChipAnchor = styled(RouterLink)(chip);
const ChipSpan = styled('span')(chip);

export interface ChipLinkProps {
  to: string;
  label: string;
  tone?: 'default' | 'primary';
  size?: 'small' | 'medium';
  icon?: ReactNode;
  current?: boolean;
}

/** A chip that is a link (categories, topics, filters). */
export function ChipLink({ to, label, tone = 'default', size = 'small', icon, current }: ChipLinkProps) {
  return (
    <ChipAnchor to={to} data-tone={tone === 'default' ? undefined : tone} data-size={size === 'small' ? undefined : size} aria-current={current ? 'true' : undefined}>
      {icon}
      <span className="chip-label">{label}</span>
    </ChipAnchor>
  );
}

/** A label chip, not a link, filled in a colour: Featured, Breaking, a partner's badge. */
export function BadgeChip({ label, tone = 'secondary' }: { label: string; tone?: 'primary' | 'secondary' }) {
  return (
    <ChipSpan data-filled={tone}>
      <span className="chip-label">{label}</span>
    </ChipSpan>
  );
}

/** The Breaking label beside a story's category. */
export function BreakingChip() {
  return <BadgeChip label="Breaking" />;
}
