/** Where the way the reader last acted (keyboard or pointer) is kept, for the page they go to next. */
export const NAVIGATION_INPUT_KEY = 'navigation-input';
/** Set on the focused heading when the reader came by keyboard: only then does it show the focus ring. */
export const KEYBOARD_FOCUS_ATTRIBUTE = 'data-keyboard-focus';

type NavigationInput = 'keyboard' | 'pointer';

/**
 * Remembers whether the reader last used the keyboard or a pointer (mouse, touch, pen), so the
 * next page knows how the reader left this one. Written only when it changes.
 */
export function rememberNavigationInput(win: Window = window): void {
  let last: NavigationInput | null = null;
  const remember = (input: NavigationInput) => {
    if (input === last) return;
    last = input;
    try {
      win.sessionStorage.setItem(NAVIGATION_INPUT_KEY, input);
    } catch {
      // Storage refused (private mode, quota): the heading is focused without its ring.
    }
  };
  win.addEventListener('keydown', (event) => !event.isComposing && remember('keyboard'), { capture: true, passive: true });
  win.addEventListener('pointerdown', () => remember('pointer'), { capture: true, passive: true });
}

function cameByKeyboard(win: Window): boolean {
  try {
    return win.sessionStorage.getItem(NAVIGATION_INPUT_KEY) === 'keyboard';
  } catch {
    return false;
  }
}

/**
 * After following a link within the site, focus moves to the new page's main heading, so screen
 * readers announce the page the reader arrived on (as a client-side router would). Not on reload,
 * back/forward (the browser restores the reader's place), a link to a fragment, or a page that
 * focuses something of its own (`autofocus`, e.g. the confirmation of a sent message). The ring
 * shows only when the reader came by keyboard: a click or tap moves focus without one.
 */
export function focusMainHeading(doc: Document = document): void {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (navigation?.type !== 'navigate' || doc.location.hash) return;
  if (!doc.referrer || !URL.canParse(doc.referrer) || new URL(doc.referrer).origin !== doc.location.origin) return;
  if (doc.querySelector('[autofocus]')) return;
  const heading = doc.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.tabIndex = -1;
  if (doc.defaultView && cameByKeyboard(doc.defaultView)) heading.setAttribute(KEYBOARD_FOCUS_ATTRIBUTE, '');
  else heading.removeAttribute(KEYBOARD_FOCUS_ATTRIBUTE);
  heading.focus({ preventScroll: true });
}
