/** Widths the media route offers (spec section 9). */
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
