import { attachTooltip } from '../../lib/tooltip';

export const LINK_COPIED = 'Link copied';
const TOAST_MS = 3000;

/**
 * The Share button keeps its tooltip (700 ms to open, 300 ms skip). Where the browser can share, the
 * button opens its share sheet; otherwise the popover menu opens, and Copy link joins it.
 */
export function hydrate(element: HTMLElement): void {
  const root = element.querySelector<HTMLElement>('[data-share-url]');
  const button = root?.querySelector<HTMLButtonElement>('button[popovertarget]');
  if (!root || !button) return;
  attachTooltip(button, button.dataset.tooltip ?? '');
  const url = root.dataset.shareUrl ?? location.href;
  const title = root.dataset.shareTitle ?? document.title;
  const menu = document.getElementById(button.getAttribute('popovertarget') ?? '');
  const toast = root.querySelector<HTMLElement>('[data-share-toast]');

  if (typeof navigator.share === 'function') {
    button.addEventListener('click', (event) => {
      event.preventDefault();
      navigator.share({ title, url }).catch(() => {
        // Cancelled by the reader, or refused: nothing to do.
      });
    });
  }

  const copy = root.querySelector<HTMLElement>('[data-share-copy]');
  if (copy && navigator.clipboard) {
    copy.hidden = false;
    copy.querySelector('button')?.addEventListener('click', () => {
      void navigator.clipboard.writeText(url).then(
        () => {
          (menu as (HTMLElement & { hidePopover?: () => void }) | null)?.hidePopover?.();
          if (toast) {
            toast.textContent = LINK_COPIED;
            setTimeout(() => (toast.textContent = ''), TOAST_MS);
          }
        },
        () => undefined,
      );
    });
  }
}
