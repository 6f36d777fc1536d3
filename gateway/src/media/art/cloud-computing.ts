import { n, op, mix, lighten, stops } from './svg.js';
import type { CategoryMotif } from './types.js';

/** Cloud computing: layered clouds dropping data links to a row of nodes. */
export const cloudComputing: CategoryMotif = {
  palette: { deep: '#0b2a5b', mid: '#3c8dff', accent: '#e6f3ff' },
  maxRotation: 0,
  backdrop: ({ rng, W, H }) => {
    let streaks = '';
    for (let i = 0; i < 14; i++) {
      const y = rng.range(0.1, 0.9) * H;
      const x = rng.range(-0.2, 0.9) * W;
      streaks += `<path d="M${n(x)} ${n(y)}h${n(rng.range(120, 420))}" stroke-opacity="${op(rng.range(0.04, 0.12))}"/>`;
    }
    return `<g stroke="#fff" stroke-width="2" stroke-linecap="round">${streaks}</g>`;
  },
  draw: ({ rng, palette: p }) => {
    const cloud = (cx: number, cy: number, w: number, fill: string, opacity: number): string => {
      const h = w * 0.3;
      const puffs = [
        [-0.24, -0.05, 0.22],
        [0.02, -0.22, 0.3],
        [0.27, -0.06, 0.2],
      ] as const;
      const jitter = rng.range(-0.04, 0.04);
      return (
        `<g fill="${fill}" opacity="${opacity}">` +
        `<rect x="${n(cx - w / 2)}" y="${n(cy - h / 2)}" width="${n(w)}" height="${n(h)}" rx="${n(h / 2)}"/>` +
        puffs.map(([px, py, pr]) => `<circle cx="${n(cx + (px + jitter) * w)}" cy="${n(cy + py * w)}" r="${n(pr * w)}"/>`).join('') +
        `</g>`
      );
    };
    const drift = rng.range(-60, 60);
    // Data links drop from the front cloud to a row of nodes.
    const drops = rng.int(4, 6);
    let links = '';
    for (let i = 0; i < drops; i++) {
      const x = -150 + (300 * i) / (drops - 1);
      const len = rng.range(110, 190);
      links +=
        `<path d="M${n(x)} 130V${n(130 + len)}" stroke="${p.accent}" stroke-opacity=".55" stroke-width="3" stroke-dasharray="${i % 2 ? '6 8' : '0'}"/>` +
        `<circle cx="${n(x)}" cy="${n(130 + len)}" r="9" fill="${p.deep}" stroke="${p.accent}" stroke-width="3"/>` +
        `<circle cx="${n(x)}" cy="${n(130 + len * rng.range(0.3, 0.7))}" r="4" fill="#fff"/>`;
    }
    return (
      `<defs><linearGradient id="m-cloud" x1="0" y1="0" x2="0" y2="1">` +
      stops([[0, '#ffffff'], [1, mix(p.accent, p.mid, 0.35)]]) +
      `</linearGradient></defs>` +
      links +
      cloud(170 + drift, -190, 380, lighten(p.mid, 0.35), 0.28) +
      cloud(-170 - drift, -90, 420, lighten(p.mid, 0.5), 0.45) +
      cloud(0, 60, 560, 'url(#m-cloud)', 1)
    );
  },
};
