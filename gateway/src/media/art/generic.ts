import { n, op, lighten, polar, arc } from './svg.js';
import type { CategoryMotif } from './types.js';

/** Used for categories the site adds before they get a bespoke motif. */
export const GENERIC_MOTIF: CategoryMotif = {
  palette: { deep: '#141c2b', mid: '#3f5b83', accent: '#8fd3ff' },
  maxRotation: 30,
  draw: ({ rng, palette: p }) => {
    let out = '';
    const rings = rng.int(4, 6);
    for (let i = 0; i < rings; i++) {
      const r = 80 + i * 55;
      const a = rng.range(0, 360);
      out += `<path d="${arc(0, 0, r, a, a + rng.range(120, 300))}" stroke-width="${i === 2 ? 6 : 2.5}" stroke-opacity="${op(0.9 - i * 0.12)}"/>`;
      const [x, y] = polar(r, a);
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="${i === 2 ? 10 : 6}" fill="${i === 2 ? '#fff' : p.accent}" stroke="none"/>`;
    }
    return (
      `<g fill="none" stroke="${p.accent}" stroke-linecap="round">${out}</g>` +
      `<circle r="46" fill="${p.accent}" fill-opacity=".2"/><circle r="20" fill="${lighten(p.accent, 0.5)}"/>`
    );
  },
};
