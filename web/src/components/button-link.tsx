import styled from '@emotion/styled';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { madeOnce } from '../theme/made-once';

/**
 * The look of MUI's Button for links, made once (theme/made-once.ts): partner offers, the domain
 * pitch and "All Categories" render on most pages, and MUI's Button was among the dearest
 * elements of a server render.
 * - `data-variant`: `contained` (default), `outlined`, `text`;
 * - `data-tone`: `primary` (default), `secondary`, `inherit`;
 * - `data-size`: `small`, `medium` (default), `large`.
 */
const button = madeOnce({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSizing: 'border-box',
  minWidth: 64,
  m: 0,
  px: 2,
  py: '6px',
  border: 0,
  borderRadius: 'var(--mui-shape-borderRadius)',
  typography: 'button',
  textDecoration: 'none',
  cursor: 'pointer',
  verticalAlign: 'middle',
  transition: 'background-color 250ms cubic-bezier(0.4, 0, 0.2, 1), box-shadow 250ms cubic-bezier(0.4, 0, 0.2, 1), border-color 250ms cubic-bezier(0.4, 0, 0.2, 1)',
  '--tone-main': 'var(--mui-palette-primary-main)',
  '--tone-dark': 'var(--mui-palette-primary-dark)',
  '--tone-channel': 'var(--mui-palette-primary-mainChannel)',
  '--tone-text': 'var(--mui-palette-primary-contrastText)',
  '&[data-tone="secondary"]': {
    '--tone-main': 'var(--mui-palette-secondary-main)',
    '--tone-dark': 'var(--mui-palette-secondary-dark)',
    '--tone-channel': 'var(--mui-palette-secondary-mainChannel)',
    '--tone-text': 'var(--mui-palette-secondary-contrastText)',
  },
  // Contained.
  bgcolor: 'var(--tone-main)',
  color: 'var(--tone-text)',
  boxShadow: 2,
  '&:hover': { bgcolor: 'var(--tone-dark)', boxShadow: 4 },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'var(--tone-main)', outlineOffset: '2px' },
  '&[data-variant="outlined"]': {
    px: '15px',
    py: '5px',
    bgcolor: 'transparent',
    color: 'var(--tone-main)',
    border: '1px solid rgba(var(--tone-channel) / 0.5)',
    boxShadow: 'none',
  },
  '&[data-variant="outlined"]:hover': { bgcolor: 'rgba(var(--tone-channel) / var(--mui-palette-action-hoverOpacity))', borderColor: 'var(--tone-main)' },
  '&[data-variant="outlined"][data-tone="inherit"]': { color: 'inherit', borderColor: 'currentColor' },
  '&[data-variant="text"]': { px: 1, bgcolor: 'transparent', color: 'var(--tone-main)', boxShadow: 'none' },
  '&[data-variant="text"]:hover': { bgcolor: 'rgba(var(--tone-channel) / var(--mui-palette-action-hoverOpacity))', boxShadow: 'none' },
  '&[data-variant="outlined"][data-tone="inherit"]:hover': { bgcolor: 'action.hover' },
  '&[data-size="small"]': { px: '10px', py: '4px', fontSize: '0.8125rem' },
  '&[data-size="small"][data-variant="outlined"]': { px: '9px', py: '3px' },
  '&[data-size="large"]': { px: '22px', py: 1, fontSize: '0.9375rem' },
  '& > .button-icon': { display: 'inherit', '& > svg': { fontSize: 20 } },
  '&[data-size="small"] > .button-icon > svg': { fontSize: 18 },
  '&[data-size="large"] > .button-icon > svg': { fontSize: 22 },
  '& > .button-start': { mr: 1, ml: '-4px' },
  '& > .button-end': { ml: 1, mr: '-4px' },
});

const RouteAnchor = styled(RouterLink)(button);
const Anchor = styled('a')(button);
/** For a `<button>` an island drives (the latest news filter). */
export const ButtonLook = styled('button')(button);

export interface ButtonLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A route of the site (client-side link)… */
  to?: string;
  /** …or any other address (partners' offers). */
  href?: string;
  variant?: 'contained' | 'outlined' | 'text';
  tone?: 'primary' | 'secondary' | 'inherit';
  size?: 'small' | 'medium' | 'large';
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  children: ReactNode;
}

/** The data attributes that pick a ButtonLink's or ButtonLook's variant, tone and size. */
export function buttonLook({ variant = 'contained', tone = 'primary', size = 'medium' }: Pick<ButtonLinkProps, 'variant' | 'tone' | 'size'>) {
  return {
    'data-variant': variant === 'contained' ? undefined : variant,
    'data-tone': tone === 'primary' ? undefined : tone,
    'data-size': size === 'medium' ? undefined : size,
  };
}

/** A button's label with its icons, placed as the look expects (for ButtonLook too). */
export function ButtonContent({ startIcon, endIcon, children }: Pick<ButtonLinkProps, 'startIcon' | 'endIcon' | 'children'>) {
  return (
    <>
      {startIcon && <span className="button-icon button-start">{startIcon}</span>}
      {children}
      {endIcon && <span className="button-icon button-end">{endIcon}</span>}
    </>
  );
}

/** A link that looks like a button. */
export function ButtonLink({ to, href, variant, tone, size, startIcon, endIcon, children, ...rest }: ButtonLinkProps) {
  const content = (
    <ButtonContent startIcon={startIcon} endIcon={endIcon}>
      {children}
    </ButtonContent>
  );
  const look = buttonLook({ variant, tone, size });
  return to !== undefined ? (
    <RouteAnchor to={to} {...look} {...rest}>
      {content}
    </RouteAnchor>
  ) : (
    <Anchor href={href} {...look} {...rest}>
      {content}
    </Anchor>
  );
}
