import { recordSearch } from '../lib/analytics';

/** The header search box records the query; the form then goes on to the results page. */
export function hydrate(element: HTMLElement): void {
  const form = element.querySelector('form');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  if (!form || !input) return;
  form.addEventListener('submit', () => recordSearch(input.value));
}
