import { n, mix, lighten, darken, stops } from './svg.js';
import type { CategoryMotif } from './types.js';

/** AR/VR and metaverse: a headset in front of floating glass panels. */
export const arVrMetaverse: CategoryMotif = {
  palette: { deep: '#1a0b33', mid: '#c2187a', accent: '#27e3ff' },
  maxRotation: 6,
  draw: ({ rng, palette: p }) => {
    const drift = rng.range(0.8, 1.2);
    const skew = rng.range(-10, -4);
    const panel = (dx: number, dy: number, opacity: number, inner: string): string =>
      `<g transform="translate(${n(dx)} ${n(dy)}) skewY(${n(skew)})" opacity="${opacity}">` +
      `<rect x="-190" y="-240" width="380" height="230" rx="20" fill="url(#m-glass)" stroke="${p.accent}" stroke-width="2.5"/>${inner}</g>`;
    const bars = [0, 1, 2]
      .map((i) => `<rect x="-40" y="${-196 + i * 34}" width="${n(rng.range(90, 190))}" height="14" rx="7" fill="#fff" fill-opacity="${0.5 - i * 0.12}"/>`)
      .join('');
    let tiles = '';
    for (let r = 0; r < 2; r++) {
      for (let c = 0; c < 4; c++) {
        tiles += `<rect x="${-160 + c * 84}" y="${-210 + r * 90}" width="70" height="70" rx="10" fill="${c === r + 1 ? p.accent : '#fff'}" fill-opacity="${c === r + 1 ? 0.6 : 0.12}"/>`;
      }
    }
    const front =
      `<circle cx="-112" cy="-125" r="52" fill="url(#m-orb)"/>` + bars;
    return (
      `<defs><linearGradient id="m-glass" x1="0" y1="0" x2="1" y2="1">` +
      stops([[0, '#ffffff', 0.2], [1, '#ffffff', 0.03]]) +
      `</linearGradient><radialGradient id="m-orb" cx=".35" cy=".35">` +
      stops([[0, '#ffffff'], [0.4, p.accent], [1, p.mid]]) +
      `</radialGradient><radialGradient id="m-lens" cx=".4" cy=".38" r=".7">` +
      stops([[0, lighten(p.accent, 0.5)], [0.45, p.accent], [1, mix(p.accent, p.deep, 0.7)]]) +
      `</radialGradient><linearGradient id="m-body" x1="0" y1="0" x2="0" y2="1">` +
      stops([[0, lighten(p.deep, 0.2)], [1, darken(p.deep, 0.35)]]) +
      `</linearGradient></defs>` +
      panel(150 * drift, -130 * drift, 0.35, '') +
      panel(75 * drift, -65 * drift, 0.6, tiles) +
      panel(0, 0, 1, front) +
      // Headset in front of the floating panels.
      `<g transform="translate(${n(rng.range(-90, -30))} 150)">` +
      `<path d="M-200 -10C-250 -10 -260 60 -232 80" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="12" stroke-linecap="round"/>` +
      `<path d="M200 -10C250 -10 260 60 232 80" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="12" stroke-linecap="round"/>` +
      `<path d="M-150 -80H150A60 60 0 0 1 210 -20V20A60 60 0 0 1 150 80H48Q0 30 -48 80H-150A60 60 0 0 1 -210 20V-20A60 60 0 0 1 -150 -80Z" fill="url(#m-body)" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>` +
      `<ellipse cx="-92" cy="2" rx="66" ry="46" fill="url(#m-lens)"/>` +
      `<ellipse cx="92" cy="2" rx="66" ry="46" fill="url(#m-lens)"/>` +
      `<path d="M-140 -62H140" stroke="#fff" stroke-opacity=".25" stroke-width="4" stroke-linecap="round"/></g>`
    );
  },
};
