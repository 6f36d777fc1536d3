import { attachTooltip } from '../../lib/tooltip';

/** The Share button: its tooltip (spec section 9 delays). The spec's Share itself does nothing. */
export function hydrate(element: HTMLElement): void {
  const button = element.querySelector<HTMLButtonElement>('button');
  if (button) attachTooltip(button, button.dataset.tooltip ?? '');
}
