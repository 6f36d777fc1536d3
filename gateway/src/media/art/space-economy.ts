import { n, op, mix, lighten, stops, polar } from './svg.js';
import type { CategoryMotif } from './types.js';

/** Space economy: a ringed planet, a moon and a satellite on its orbit over a star field. */
export const spaceEconomy: CategoryMotif = {
  palette: { deep: '#0a0c2b', mid: '#4b2a8c', accent: '#ffb14a' },
  maxRotation: 10,
  backdrop: ({ rng, W, H }) => {
    let stars = '';
    for (let i = 0; i < 120; i++) {
      const r = rng.chance(0.1) ? rng.range(1.8, 2.8) : rng.range(0.6, 1.6);
      stars += `<circle cx="${n(rng.next() * W)}" cy="${n(rng.next() * H)}" r="${n(r)}" fill-opacity="${op(rng.range(0.25, 0.9))}"/>`;
    }
    return `<g fill="#fff">${stars}</g>`;
  },
  draw: ({ rng, palette: p }) => {
    const planetR = rng.range(160, 200);
    const ringTilt = rng.range(-24, -8);
    const orbitTilt = rng.range(-30, 30);
    // Keep the satellite on the flanks of its orbit, clear of the planet disc.
    const satT = rng.pick([0, Math.PI]) + rng.range(-0.55, 0.55);
    const sx = 430 * Math.cos(satT);
    const sy = 150 * Math.sin(satT);
    const [mx, my] = polar(rng.range(260, 320), rng.range(0, 360));
    const ring = (d: string): string =>
      `<path d="${d}" transform="rotate(${n(ringTilt)})" fill="none" stroke="url(#m-ring)" stroke-width="14"/>` +
      `<path d="${d}" transform="rotate(${n(ringTilt)}) scale(1.12 1.12)" fill="none" stroke="${p.accent}" stroke-opacity=".35" stroke-width="3"/>`;
    const rx = planetR * 1.7;
    const ry = planetR * 0.36;
    return (
      `<defs><radialGradient id="m-planet" cx=".34" cy=".3" r=".85">` +
      stops([[0, lighten(p.accent, 0.35)], [0.35, p.accent], [0.72, mix(p.accent, p.mid, 0.75)], [1, p.deep]]) +
      `</radialGradient><radialGradient id="m-moon" cx=".35" cy=".3" r=".8">` +
      stops([[0, lighten(p.mid, 0.75)], [1, mix(p.mid, p.deep, 0.3)]]) +
      `</radialGradient><radialGradient id="m-atmo">` +
      stops([[0.78, p.accent, 0.35], [1, p.accent, 0]]) +
      `</radialGradient><linearGradient id="m-ring" gradientUnits="userSpaceOnUse" x1="${n(-rx)}" y1="0" x2="${n(rx)}" y2="0">` +
      stops([[0, lighten(p.accent, 0.4), 0.2], [0.5, lighten(p.accent, 0.5), 0.9], [1, lighten(p.accent, 0.4), 0.2]]) +
      `</linearGradient></defs>` +
      `<ellipse rx="430" ry="150" transform="rotate(${n(orbitTilt)})" fill="none" stroke="#fff" stroke-opacity=".22" stroke-width="2" stroke-dasharray="4 10"/>` +
      ring(`M${n(-rx)} 0A${n(rx)} ${n(ry)} 0 0 1 ${n(rx)} 0`) +
      `<circle r="${n(planetR * 1.14)}" fill="url(#m-atmo)"/>` +
      `<circle r="${n(planetR)}" fill="url(#m-planet)"/>` +
      ring(`M${n(rx)} 0A${n(rx)} ${n(ry)} 0 0 1 ${n(-rx)} 0`) +
      `<circle cx="${n(mx)}" cy="${n(my)}" r="${n(rng.range(16, 28))}" fill="url(#m-moon)"/>` +
      `<g transform="rotate(${n(orbitTilt)}) translate(${n(sx)} ${n(sy)}) rotate(${n(rng.range(-30, 30))})">` +
      `<rect x="-58" y="-9" width="38" height="18" rx="2" fill="${lighten(p.mid, 0.25)}" stroke="#fff" stroke-opacity=".7" stroke-width="1.5"/>` +
      `<rect x="20" y="-9" width="38" height="18" rx="2" fill="${lighten(p.mid, 0.25)}" stroke="#fff" stroke-opacity=".7" stroke-width="1.5"/>` +
      `<path d="M-20 0H20" stroke="#fff" stroke-width="2"/>` +
      `<rect x="-13" y="-13" width="26" height="26" rx="4" fill="#f4f1ff"/>` +
      `<circle cy="-20" r="4" fill="${p.accent}"/></g>`
    );
  },
};
