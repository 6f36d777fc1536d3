import { arrowVisibility, CATEGORY_SCROLL_STEP_PX } from './category-scroll';

/**
 * The category bar's arrows: each shows only while content is scrolled off its
 * side and scrolls 300 px a click. The server renders both hidden; this measures and shows them.
 */
export function hydrate(element: HTMLElement): void {
  const scroller = element.querySelector<HTMLElement>('[data-testid="category-scroller"]');
  const left = element.querySelector<HTMLButtonElement>('[data-arrow="left"]');
  const right = element.querySelector<HTMLButtonElement>('[data-arrow="right"]');
  if (!scroller || !left || !right) return;
  const doc = element.ownerDocument;

  const update = () => {
    const next = arrowVisibility(scroller);
    // An arrow that disappears while focused would drop focus to the page: hand it to the other arrow.
    if (!next.left && doc.activeElement === left) right.focus();
    if (!next.right && doc.activeElement === right) left.focus();
    left.hidden = !next.left;
    right.hidden = !next.right;
  };
  left.addEventListener('click', () => scroller.scrollBy({ left: -CATEGORY_SCROLL_STEP_PX, behavior: 'smooth' }));
  right.addEventListener('click', () => scroller.scrollBy({ left: CATEGORY_SCROLL_STEP_PX, behavior: 'smooth' }));
  scroller.addEventListener('scroll', update, { passive: true });
  const view = doc.defaultView;
  if (view && typeof view.ResizeObserver === 'function') new view.ResizeObserver(update).observe(scroller);
  else view?.addEventListener('resize', update);
  update();
}
