import { n, TAU, lighten, stops, polar } from './svg.js';
import type { CategoryMotif } from './types.js';

/** Quantum computing: orbitals around a glowing core inside a Bloch-sphere outline. */
export const quantumComputing: CategoryMotif = {
  palette: { deep: '#06163a', mid: '#2f63ff', accent: '#ff4fd8' },
  maxRotation: 35,
  draw: ({ rng, palette: p }) => {
    const orbitals = rng.int(3, 4);
    const rx = 320;
    const ry = rng.range(84, 112);
    const offset = rng.range(0, 180);
    let out =
      `<defs><linearGradient id="m-orb" gradientUnits="userSpaceOnUse" x1="${-rx}" y1="0" x2="${rx}" y2="0">` +
      stops([[0, p.accent], [0.5, lighten(p.mid, 0.35)], [1, p.accent]]) +
      `</linearGradient><radialGradient id="m-core">` +
      stops([[0, '#ffffff'], [0.3, lighten(p.accent, 0.3)], [1, p.accent, 0]]) +
      `</radialGradient></defs>` +
      // Bloch-sphere outline framing the atom.
      `<circle r="${rx + 34}" fill="none" stroke="#fff" stroke-opacity=".14" stroke-width="2" stroke-dasharray="3 10"/>` +
      `<ellipse rx="${rx + 34}" ry="${n((rx + 34) * 0.26)}" fill="none" stroke="#fff" stroke-opacity=".1" stroke-width="1.5"/>`;
    for (let i = 0; i < orbitals; i++) {
      const angle = offset + (i * 180) / orbitals;
      const t = rng.range(0, TAU);
      const ex = rx * Math.cos(t);
      const ey = ry * Math.sin(t);
      out +=
        `<g transform="rotate(${n(angle)})">` +
        `<ellipse rx="${rx}" ry="${n(ry)}" fill="none" stroke="url(#m-orb)" stroke-width="2.8" stroke-opacity=".85"/>` +
        `<circle cx="${n(ex)}" cy="${n(ey)}" r="24" fill="${p.accent}" fill-opacity=".25"/>` +
        `<circle cx="${n(ex)}" cy="${n(ey)}" r="9" fill="#fff"/></g>`;
    }
    // The qubit state vector.
    const [vx, vy] = polar(rx + 34, rng.range(-150, -30));
    out +=
      `<path d="M0 0L${n(vx)} ${n(vy)}" stroke="#fff" stroke-opacity=".55" stroke-width="3" stroke-dasharray="10 8"/>` +
      `<circle cx="${n(vx)}" cy="${n(vy)}" r="11" fill="${lighten(p.mid, 0.5)}"/>` +
      `<circle r="96" fill="url(#m-core)"/><circle r="30" fill="${lighten(p.accent, 0.55)}"/>`;
    return out;
  },
};
