import { recordSearch } from '../lib/analytics';

/** The header search box records the query (spec section 2) and stays on the page. */
export function hydrate(element: HTMLElement): void {
  const form = element.querySelector('form');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  if (!form || !input) return;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    recordSearch(input.value);
  });
}
