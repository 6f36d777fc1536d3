import { op, lighten, darken, stops, arc, gridPath } from './svg.js';
import type { CategoryMotif } from './types.js';

/** Cybersecurity: a shield and padlock over a grid of lit cells. */
export const cybersecurity: CategoryMotif = {
  palette: { deep: '#04161c', mid: '#0f6b5c', accent: '#3df5a3' },
  maxRotation: 7,
  backdrop: ({ rng, palette: p, W, H, fx, fy }) => {
    const cell = 44;
    let lit = '';
    const spread = 2 * (W * 0.33) ** 2;
    for (let y = 0; y < H; y += cell) {
      for (let x = 0; x < W; x += cell) {
        const d2 = (x + cell / 2 - fx) ** 2 + (y + cell / 2 - fy) ** 2;
        if (rng.next() < 0.26 * Math.exp(-d2 / spread)) {
          lit += `<rect x="${x + 4}" y="${y + 4}" width="${cell - 8}" height="${cell - 8}" rx="4" fill-opacity="${op(rng.range(0.05, 0.32))}"/>`;
        }
      }
    }
    return (
      `<path d="${gridPath(W, H, cell)}" fill="none" stroke="#fff" stroke-opacity=".05" stroke-width="1.5"/>` +
      `<g fill="${p.accent}">${lit}</g>`
    );
  },
  draw: ({ rng, palette: p }) => {
    const shield =
      'M0 -262C92 -212 168 -202 224 -202L224 -24C224 118 124 208 0 272C-124 208 -224 118 -224 -24L-224 -202C-168 -202 -92 -212 0 -262Z';
    const ringA = rng.range(0, 360);
    return (
      `<defs><linearGradient id="m-shield" x1="0" y1="0" x2="0" y2="1">` +
      stops([[0, lighten(p.mid, 0.1)], [1, darken(p.deep, 0.2)]]) +
      `</linearGradient><linearGradient id="m-lock" x1="0" y1="0" x2="0" y2="1">` +
      stops([[0, lighten(p.accent, 0.35)], [1, p.accent]]) +
      `</linearGradient></defs>` +
      `<g fill="none" stroke="${p.accent}" stroke-linecap="round">` +
      `<path d="${arc(0, 0, 330, ringA, ringA + 250)}" stroke-opacity=".35" stroke-width="3" stroke-dasharray="2 12"/>` +
      `<path d="${arc(0, 0, 372, ringA + 140, ringA + 230)}" stroke-opacity=".5" stroke-width="5"/>` +
      `<path d="${arc(0, 0, 372, ringA + 250, ringA + 275)}" stroke-opacity=".3" stroke-width="5"/></g>` +
      `<path d="${shield}" fill="url(#m-shield)" fill-opacity=".92" stroke="${p.accent}" stroke-width="7" stroke-linejoin="round"/>` +
      `<path d="${shield}" transform="scale(.84)" fill="none" stroke="${p.accent}" stroke-opacity=".3" stroke-width="2.5"/>` +
      `<path d="M-56 -12V-62A56 56 0 0 1 56 -62V-12" fill="none" stroke="#e9fff5" stroke-width="20" stroke-linecap="round"/>` +
      `<rect x="-88" y="-24" width="176" height="146" rx="24" fill="url(#m-lock)"/>` +
      `<rect x="-88" y="-24" width="176" height="40" rx="20" fill="#fff" fill-opacity=".14"/>` +
      `<circle cy="36" r="19" fill="${p.deep}"/><rect x="-7" y="40" width="14" height="44" rx="7" fill="${p.deep}"/>`
    );
  },
};
