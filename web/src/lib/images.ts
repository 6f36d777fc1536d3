/** Widths the media route offers. */
export const IMAGE_WIDTHS = [320, 480, 768, 1024] as const;
export const FALLBACK_IMAGE_COUNT = 8;
export const COVER_ASPECT = { width: 16, height: 9 } as const;

export function imageAt(url: string, width: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}

export function srcSet(url: string): string {
  return IMAGE_WIDTHS.map((w) => `${imageAt(url, w)} ${w}w`).join(', ');
}

export function fallbackImage(n: number): string {
  const index = ((Math.abs(Math.trunc(n)) % FALLBACK_IMAGE_COUNT) + 1);
  return `/media/covers/fallback-${index}`;
}

export function randomFallbackImage(random: () => number = Math.random): string {
  return fallbackImage(Math.floor(random() * FALLBACK_IMAGE_COUNT));
}

/**
 * The last fallback: an inline SVG in the site's colours that needs no network (offline, or the
 * media route down), tinted by the cover key so neighbouring cards differ.
 */
export function placeholderImage(key: string): string {
  let hue = 210;
  for (const char of key) hue = (hue * 31 + char.charCodeAt(0)) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% 28%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 60% 45%)"/></linearGradient></defs><rect width="16" height="9" fill="url(#g)"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
