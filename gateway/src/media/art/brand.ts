/**
 * Publisher brand mark: a bold pulse glyph on a brand-blue rounded square.
 * Kept as SVG source so the PNGs are produced by the same pipeline as covers.
 */

export const BRAND_BLUE = '#0b5cad';
const BRAND_BLUE_LIGHT = '#1b7fe0';
const BRAND_BLUE_DEEP = '#07417d';
const BRAND_TEAL = '#15b3c4';

/** The pulse drawn on a 512-unit square: flat, a sharp beat, a rebound, flat again. */
const PULSE_PATH = 'M92 280H182L222 168L282 356L322 232L348 280H420';

/** 512 × 512 square logo (transparent outside the rounded square). */
export function renderLogoSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">` +
    `<defs>` +
    `<linearGradient id="tile" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${BRAND_BLUE_LIGHT}"/><stop offset=".55" stop-color="${BRAND_BLUE}"/><stop offset="1" stop-color="${BRAND_BLUE_DEEP}"/>` +
    `</linearGradient>` +
    `<linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#fff" stop-opacity=".18"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>` +
    `</linearGradient>` +
    `</defs>` +
    `<rect width="512" height="512" rx="112" fill="url(#tile)"/>` +
    `<path d="M0 112A112 112 0 0 1 112 0H400A112 112 0 0 1 512 112V236Q256 300 0 236Z" fill="url(#sheen)"/>` +
    // Soft shadow under the glyph lifts it off the tile.
    `<path d="${PULSE_PATH}" transform="translate(0 10)" fill="none" stroke="#031f3d" stroke-opacity=".28" stroke-width="44" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${PULSE_PATH}" fill="none" stroke="#fff" stroke-width="44" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="420" cy="280" r="34" fill="${BRAND_TEAL}" stroke="#fff" stroke-width="14"/>` +
    `</svg>`
  );
}

/** 600 × 60 banner: the mark on the left over a brand gradient, no wordmark. */
export function renderBannerSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="60" viewBox="0 0 600 60">` +
    `<defs>` +
    `<linearGradient id="band" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="${BRAND_BLUE_DEEP}"/><stop offset=".45" stop-color="${BRAND_BLUE}"/><stop offset="1" stop-color="${BRAND_TEAL}"/>` +
    `</linearGradient>` +
    `<linearGradient id="trail" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>` +
    `</linearGradient>` +
    `</defs>` +
    `<rect width="600" height="60" fill="url(#band)"/>` +
    // The pulse trails off to the right, echoing the mark without adding text.
    `<path d="M62 30H250L262 20L276 40L288 30H600" fill="none" stroke="url(#trail)" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<g transform="translate(6 6) scale(${48 / 512})">` +
    `<rect width="512" height="512" rx="112" fill="#fff"/>` +
    `<path d="${PULSE_PATH}" fill="none" stroke="${BRAND_BLUE}" stroke-width="48" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="420" cy="280" r="36" fill="${BRAND_TEAL}" stroke="${BRAND_BLUE}" stroke-width="16"/>` +
    `</g>` +
    `</svg>`
  );
}
