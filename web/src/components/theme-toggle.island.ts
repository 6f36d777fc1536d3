import { COLOR_SCHEME_ATTRIBUTE, type ColorScheme, colorSchemeCookie } from '../theme/color-scheme';

/** The scheme the page shows now: the reader's choice, else the system's. */
function currentScheme(): ColorScheme {
  const chosen = document.documentElement.getAttribute(COLOR_SCHEME_ATTRIBUTE);
  if (chosen === 'dark' || chosen === 'light') return chosen;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * 'Dark mode' is pressed when the page is dark. Pressing it switches scheme at once and keeps the
 * choice in a cookie, so the server renders the next page in it.
 */
export function hydrate(element: HTMLElement): void {
  const button = element.querySelector<HTMLButtonElement>('button');
  if (!button) return;
  const show = () => button.setAttribute('aria-pressed', String(currentScheme() === 'dark'));
  show();
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', show);
  button.addEventListener('click', () => {
    const next: ColorScheme = currentScheme() === 'dark' ? 'light' : 'dark';
    document.documentElement.setAttribute(COLOR_SCHEME_ATTRIBUTE, next);
    document.cookie = colorSchemeCookie(next);
    show();
  });
}
