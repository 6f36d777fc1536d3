import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ShareIcon from '@mui/icons-material/Share';
import { Island } from '../../islands/island';

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

/**
 * Share: the browser's own share sheet where it has one (the island), otherwise a popover menu of
 * share links, with Copy link once the island runs. The popover opens without script.
 */
export function ShareMenu({ url, title }: { url: string; title: string }) {
  const menuId = `share-${useId().replace(/:/g, '')}`;
  return (
    <Island name="share-button" when="idle">
      <Box data-share-url={url} data-share-title={title} sx={{ anchorScope: 'all' }}>
        <Button
          type="button"
          variant="outlined"
          size="small"
          startIcon={<ShareIcon />}
          data-tooltip="Share this article"
          popoverTarget={menuId}
          aria-haspopup="true"
          sx={{ anchorName: '--share-button' }}
        >
          Share
        </Button>
        <Paper
          id={menuId}
          popover="auto"
          elevation={8}
          aria-label="Share this article"
          data-testid="share-menu"
          sx={{
            m: 0,
            p: 0.5,
            border: 1,
            borderColor: 'divider',
            minWidth: 180,
            // Below the button where anchor positioning exists; the popover's centre otherwise.
            positionAnchor: '--share-button',
            top: 'anchor(bottom)',
            left: 'anchor(left)',
            marginTop: '6px',
          }}
        >
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, '& a, & button': { display: 'block', width: '100%', textAlign: 'left', px: 2, py: 1, font: 'inherit', color: 'text.primary', textDecoration: 'none', bgcolor: 'transparent', border: 0, borderRadius: 1, cursor: 'pointer' }, '& a:hover, & button:hover': { bgcolor: 'action.hover' } }}>
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
          </Box>
        </Paper>
        <Box
          role="status"
          data-share-toast
          sx={{
            position: 'fixed',
            bottom: 24,
            left: '50%',
            transform: 'translateX(-50%)',
            zIndex: 1400,
            '&:empty': { display: 'none' },
            bgcolor: 'grey.900',
            color: 'common.white',
            px: 2.5,
            py: 1.25,
            borderRadius: 2,
            boxShadow: 6,
          }}
        />
      </Box>
    </Island>
  );
}
