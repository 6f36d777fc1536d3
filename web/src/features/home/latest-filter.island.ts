/**
 * 'Filter' opens and closes the category chips above the Latest grid. The chips are links
 * (`/?category=<slug>`), so the choice is in the URL and works without this script.
 */
export function hydrate(element: HTMLElement): void {
  const button = element.querySelector<HTMLButtonElement>('button[aria-controls]');
  const panel = button && document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!button || !panel) return;
  button.addEventListener('click', () => {
    const open = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    if (open) panel.querySelector<HTMLElement>('a[aria-current="true"], a')?.focus();
  });
}
