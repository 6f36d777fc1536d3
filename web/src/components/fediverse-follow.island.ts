/** Said in the live region once the handle is on the clipboard. */
export const COPIED = 'Copied';
/** Said when the browser refuses the clipboard (or has none): the handle is selected instead. */
export const COPY_REFUSED = 'Copying was blocked here: the handle is selected, so press Ctrl+C (⌘C on a Mac) to copy it.';

/** Selects the handle's text, so a reader whose browser refused the clipboard can copy it by hand. */
function select(element: HTMLElement): void {
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * The Copy button beside a fediverse handle: shown once this runs (without script the handle is
 * text to select), it writes the handle to the clipboard and says so in the live region; a refusal
 * selects the handle and says how to copy it.
 */
export function hydrate(element: HTMLElement): void {
  const handle = element.querySelector<HTMLElement>('[data-fediverse-handle]');
  const copy = element.querySelector<HTMLElement>('[data-fediverse-copy]');
  const button = copy?.querySelector('button');
  const status = element.querySelector<HTMLElement>('[data-fediverse-status]');
  if (!handle || !copy || !button || !status) return;
  copy.hidden = false;
  button.addEventListener('click', () => {
    const text = handle.textContent ?? '';
    // No Clipboard API at all (an insecure page, an old browser) is a refusal too.
    const written = typeof navigator.clipboard?.writeText === 'function' ? navigator.clipboard.writeText(text) : Promise.reject(new Error('no clipboard'));
    written.then(
      () => {
        status.textContent = COPIED;
      },
      () => {
        select(handle);
        status.textContent = COPY_REFUSED;
      },
    );
  });
}
