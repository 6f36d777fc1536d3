/**
 * 'Filter' opens and closes the category chips above the Latest grid. The chips are links
 * (`/?category=<slug>#latest`), so the choice is in the URL and works without this script; with
 * it, a chip shows its choice in place (latest-filter-swap.ts, loaded when the chips open or a
 * chip is chosen) and Back and Forward show the choice of their address.
 */
export function hydrate(element: HTMLElement): void {
  const button = element.querySelector<HTMLButtonElement>('button[aria-controls]');
  const panel = button && document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!button || !panel) return;
  let swap: ReturnType<typeof loadSwap> | null = null;
  const swapCode = () => (swap ??= loadSwap());

  button.addEventListener('click', (event) => {
    // With script the chips open in place; the button's form is the way without it.
    event.preventDefault();
    const open = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    if (open) {
      panel.querySelector<HTMLElement>('a[aria-current="true"], a')?.focus();
      void swapCode().catch(() => undefined);
    }
  });

  panel.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    // A new tab or window, or another page's link: the browser's own way.
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (new URL(link.href).origin !== location.origin) return;
    event.preventDefault();
    swapCode().then(
      (code) => code.showFilter(link.href, 'push'),
      () => location.assign(link.href),
    );
  });

  window.addEventListener('popstate', function showAddress() {
    if (!panel.isConnected) return window.removeEventListener('popstate', showAddress);
    if (location.pathname !== '/') return;
    const address = location.href.replace(/#.*$/, '');
    void swapCode().then((code) => {
      if (code.shownAddress() !== address) return code.showFilter(location.href, 'none');
    }, () => location.reload());
  });
}

function loadSwap() {
  return import('./latest-filter-swap');
}
