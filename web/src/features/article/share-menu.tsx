import { useId } from 'react';
import styled from '@emotion/styled';
import ShareIcon from '@mui/icons-material/Share';
import { ButtonContent, ButtonLook, buttonLook } from '../../components/button-link';
import { Island } from '../../islands/island';
import { madeOnce } from '../../theme/made-once';

/** Where the menu's plain share links go: no third-party script, just their share URLs. */
export function shareLinks(url: string, title: string): { label: string; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { label: 'Email', href: `mailto:?subject=${t}&body=${u}` },
    { label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { label: 'X', href: `https://x.com/intent/post?text=${t}&url=${u}` },
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  ];
}

const Share = styled('div')(
  madeOnce({
    anchorScope: 'all',
    '& > button': { anchorName: '--share-button' },
    '& > [popover]': {
      m: 0,
      p: 0.5,
      minWidth: 180,
      bgcolor: 'background.paper',
      color: 'text.primary',
      border: 1,
      borderColor: 'divider',
      borderRadius: 'var(--mui-shape-borderRadius)',
      boxShadow: 8,
      // Below the button where anchor positioning exists; the popover's centre otherwise.
      positionAnchor: '--share-button',
      top: 'anchor(bottom)',
      left: 'anchor(left)',
      marginTop: '6px',
      // Near the screen's right edge (a phone) the menu ends at the button's right edge instead: always on screen.
      positionTryFallbacks: 'flip-inline',
      maxWidth: 'calc(100vw - 16px)',
    },
    '& ul': { listStyle: 'none', m: 0, p: 0 },
    '& li > a, & li > button': {
      display: 'block',
      width: '100%',
      textAlign: 'left',
      px: 2,
      py: 1,
      font: 'inherit',
      color: 'text.primary',
      textDecoration: 'none',
      bgcolor: 'transparent',
      border: 0,
      borderRadius: 1,
      cursor: 'pointer',
    },
    '& li > a:hover, & li > button:hover': { bgcolor: 'action.hover' },
    '& > [data-share-toast]': {
      position: 'fixed',
      bottom: 24,
      left: '50%',
      transform: 'translateX(-50%)',
      zIndex: 1400,
      bgcolor: 'grey.900',
      color: 'common.white',
      px: 2.5,
      py: 1.25,
      borderRadius: 2,
      boxShadow: 6,
    },
    '& > [data-share-toast]:empty': { display: 'none' },
  }),
);

/**
 * Share: the browser's own share sheet where it has one (the island), otherwise a popover menu of
 * share links, with Copy link once the island runs. The popover opens without script.
 */
export function ShareMenu({ url, title }: { url: string; title: string }) {
  const menuId = `share-${useId().replace(/:/g, '')}`;
  return (
    <Island name="share-button" when="idle">
      <Share data-share-url={url} data-share-title={title}>
        <ButtonLook type="button" {...buttonLook({ variant: 'outlined', size: 'small' })} data-tooltip="Share this article" popoverTarget={menuId} aria-haspopup="true">
          <ButtonContent startIcon={<ShareIcon />}>Share</ButtonContent>
        </ButtonLook>
        <div id={menuId} popover="auto" aria-label="Share this article" data-testid="share-menu">
          <ul>
            <li data-share-copy hidden>
              <button type="button">Copy link</button>
            </li>
            {shareLinks(url, title).map((link) => (
              <li key={link.label}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div role="status" data-share-toast />
      </Share>
    </Island>
  );
}
