/**
 * The reader's colour scheme: absent means "follow the system" (prefers-color-scheme); the header
 * toggle stores an explicit choice in a cookie, which the server reads to render the page in it.
 */
export type ColorScheme = 'light' | 'dark';

export const COLOR_SCHEME_COOKIE = 'theme';
/** The attribute on <html> that selects a scheme; the theme's CSS keys off it. */
export const COLOR_SCHEME_ATTRIBUTE = 'data-theme';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** The explicit choice in a Cookie header, or null (no choice, or anything unexpected). */
export function colorSchemeFromCookie(cookieHeader: string | undefined | null): ColorScheme | null {
  // Most requests carry no cookie at all (every cached read asks this): no regex for them.
  if (!cookieHeader) return null;
  const match = /(?:^|;\s*)theme=(light|dark)(?:;|$)/.exec(cookieHeader);
  return match ? (match[1] as ColorScheme) : null;
}

/** True when the Cookie header holds nothing but the colour scheme choice. */
export function onlyColorSchemeCookie(cookieHeader: string | undefined | null): boolean {
  const parts = (cookieHeader ?? '').split(';').map((p) => p.trim()).filter(Boolean);
  return parts.length === 1 && colorSchemeFromCookie(parts[0]) !== null;
}

/** The Set-Cookie / document.cookie value that remembers a choice for a year. */
export function colorSchemeCookie(scheme: ColorScheme): string {
  return `${COLOR_SCHEME_COOKIE}=${scheme}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
