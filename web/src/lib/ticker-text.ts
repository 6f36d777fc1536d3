/** The ticker reads 'BREAKING' followed by the item titles joined with a bullet. */
export const TICKER_SEPARATOR = ' • ';

export function tickerText(items: readonly { title: string }[]): string {
  return items.map((i) => i.title).join(TICKER_SEPARATOR);
}
