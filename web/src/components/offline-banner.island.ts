/** Shows the offline notice while the browser has no connection (the page is then a saved copy). */
export function hydrate(element: HTMLElement): void {
  const banner = element.querySelector<HTMLElement>('[data-offline-banner]');
  if (!banner) return;
  const show = () => (banner.hidden = navigator.onLine);
  show();
  window.addEventListener('online', show);
  window.addEventListener('offline', show);
}
