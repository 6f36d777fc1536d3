/**
 * The sidebar's one randomly chosen partner. The server shows the first partner
 * and sends the others hidden; this picks one at random, shows it and removes the others.
 */
export function hydrate(element: HTMLElement, _props: unknown, random: () => number = Math.random): void {
  const slots = [...element.querySelectorAll<HTMLElement>('[data-partner]')];
  if (slots.length === 0) return;
  const chosen = Math.min(slots.length - 1, Math.floor(random() * slots.length));
  slots.forEach((slot, index) => {
    if (index === chosen) slot.hidden = false;
    else slot.remove();
  });
}
