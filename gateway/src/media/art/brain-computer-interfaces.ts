import { n, TAU, lighten, stops, polar } from './svg.js';
import type { CategoryMotif } from './types.js';

/** Brain-computer interfaces: an EEG cap seen from above, with traces swelling past it. */
export const brainComputerInterfaces: CategoryMotif = {
  palette: { deep: '#230a2e', mid: '#b8326e', accent: '#ffa37a' },
  maxRotation: 8,
  backdrop: ({ rng, palette: p, W, fx, fy }) => {
    // EEG traces swell as they pass the focal point, as if read from the head.
    let out =
      `<defs><linearGradient id="m-trace" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${W}" y2="0">` +
      stops([[0, p.accent, 0], [Math.max(0.05, fx / W - 0.3), p.accent, 0.25], [fx / W, p.accent, 0.9], [Math.min(0.95, fx / W + 0.3), p.accent, 0.25], [1, p.accent, 0]]) +
      `</linearGradient></defs><g fill="none" stroke="url(#m-trace)" stroke-linejoin="round">`;
    const lines = 7;
    for (let l = 0; l < lines; l++) {
      const base = fy + (l - (lines - 1) / 2) * 62;
      const freq = rng.range(0.018, 0.04);
      const freq2 = rng.range(0.06, 0.11);
      const phase = rng.range(0, TAU);
      const amp = rng.range(10, 22);
      let d = '';
      for (let x = 0; x <= W; x += 6) {
        const env = Math.exp(-(((x - fx) / (W * 0.16)) ** 2));
        const y = base + (amp * 0.3 + amp * env) * Math.sin(freq * x + phase) + amp * 0.6 * env * Math.sin(freq2 * x + phase * 2);
        d += `${x === 0 ? 'M' : 'L'}${x} ${n(y)}`;
      }
      out += `<path d="${d}" stroke-width="${l === 3 ? 3 : 1.8}"/>`;
    }
    return `${out}</g>`;
  },
  draw: ({ rng, palette: p }) => {
    // Top view of an EEG cap (10-20 layout): head, nose, ears, electrode rings.
    const R = 235;
    const electrodes: Array<[number, number]> = [[0, 0]];
    for (const [ring, count, start] of [[0.45, 8, 0], [0.82, 12, 15]] as const) {
      for (let i = 0; i < count; i++) electrodes.push(polar(R * ring, start + (i * 360) / count));
    }
    const lit = new Set<number>();
    while (lit.size < 5) lit.add(rng.int(0, electrodes.length - 1));
    const litList = [...lit];
    let links = '';
    for (let i = 0; i < litList.length - 1; i++) {
      const [x1, y1] = electrodes[litList[i]!]!;
      const [x2, y2] = electrodes[litList[i + 1]!]!;
      links += `<path d="M${n(x1)} ${n(y1)}Q0 0 ${n(x2)} ${n(y2)}"/>`;
    }
    let dots = '';
    electrodes.forEach(([x, y], i) => {
      dots += lit.has(i)
        ? `<circle cx="${n(x)}" cy="${n(y)}" r="30" fill="${p.accent}" fill-opacity=".2"/><circle cx="${n(x)}" cy="${n(y)}" r="14" fill="${p.accent}"/><circle cx="${n(x)}" cy="${n(y)}" r="5" fill="#fff"/>`
        : `<circle cx="${n(x)}" cy="${n(y)}" r="11" fill="${p.deep}" stroke="${lighten(p.mid, 0.4)}" stroke-width="3"/>`;
    });
    return (
      `<defs><radialGradient id="m-head" cx=".45" cy=".4" r=".7">` +
      stops([[0, lighten(p.mid, 0.1), 0.55], [1, p.deep, 0.85]]) +
      `</radialGradient></defs>` +
      `<path d="M-34 ${-R + 6}L0 ${-R - 44}L34 ${-R + 6}" fill="${p.deep}" stroke="${lighten(p.mid, 0.45)}" stroke-width="5" stroke-linejoin="round"/>` +
      `<path d="M${-R + 4} -40C${-R - 44} -40 ${-R - 44} 40 ${-R + 4} 40M${R - 4} -40C${R + 44} -40 ${R + 44} 40 ${R - 4} 40" fill="${p.deep}" stroke="${lighten(p.mid, 0.45)}" stroke-width="5"/>` +
      `<circle r="${R}" fill="url(#m-head)" stroke="${lighten(p.mid, 0.45)}" stroke-width="5"/>` +
      `<g fill="none" stroke="#fff" stroke-opacity=".1" stroke-width="2"><circle r="${R * 0.45}"/><circle r="${R * 0.82}"/><path d="M0 ${-R}V${R}M${-R} 0H${R}"/></g>` +
      `<g fill="none" stroke="${p.accent}" stroke-opacity=".7" stroke-width="3">${links}</g>` +
      dots
    );
  },
};
