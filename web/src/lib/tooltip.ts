/** A tooltip opens after 700 ms; within 300 ms of another closing it opens at once. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = Number.NEGATIVE_INFINITY;
let nextId = 0;

/**
 * A tooltip for `target` with the product's delays, in plain DOM: it describes the target
 * (aria-describedby) while open, follows pointer and keyboard focus, and closes on Escape.
 * Styled by the `.site-tooltip` rule of the theme's global styles. Returns a function that removes it.
 */
export function attachTooltip(target: HTMLElement, text: string, now: () => number = Date.now): () => void {
  const doc = target.ownerDocument;
  const tip = doc.createElement('div');
  tip.className = 'site-tooltip';
  tip.setAttribute('role', 'tooltip');
  tip.id = `site-tooltip-${++nextId}`;
  tip.textContent = text;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let open = false;

  const place = () => {
    const box = target.getBoundingClientRect();
    const view = doc.defaultView!;
    tip.style.top = `${box.bottom + view.scrollY + 8}px`;
    tip.style.left = `${Math.max(8, box.left + view.scrollX + box.width / 2 - tip.offsetWidth / 2)}px`;
  };
  const show = () => {
    cancel();
    if (open) return;
    open = true;
    doc.body.appendChild(tip);
    place();
    target.setAttribute('aria-describedby', tip.id);
  };
  const scheduleShow = () => {
    // mouseover repeats as the pointer crosses the target's children: keep the first timer.
    if (open || timer !== undefined) return;
    if (now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) show();
    else timer = setTimeout(show, TOOLTIP_OPEN_DELAY_MS);
  };
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const hide = () => {
    cancel();
    if (!open) return;
    open = false;
    lastClosedAt = now();
    tip.remove();
    target.removeAttribute('aria-describedby');
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') hide();
  };
  const listeners: [string, EventListener][] = [
    ['mouseover', scheduleShow],
    ['focus', scheduleShow],
    ['mouseleave', hide],
    ['blur', hide],
    ['keydown', onKey as EventListener],
  ];
  for (const [type, listener] of listeners) target.addEventListener(type, listener);
  return () => {
    hide();
    for (const [type, listener] of listeners) target.removeEventListener(type, listener);
  };
}

/** For tests: forget the last closing time. */
export function resetTooltipClock(): void {
  lastClosedAt = Number.NEGATIVE_INFINITY;
}
