import { n, TAU, mix, lighten, darken, stops, hatchPath } from './svg.js';
import type { CategoryMotif } from './types.js';

/** Blockchain and crypto: a chain of isometric blocks over a ledger lattice. */
export const blockchainCrypto: CategoryMotif = {
  palette: { deep: '#17122e', mid: '#8a4bd6', accent: '#f7b52b' },
  maxRotation: 4,
  // Isometric lattice hints at a ledger without competing with the chain.
  backdrop: ({ W, H }) =>
    `<path d="${hatchPath(W, H, 30, 80)}${hatchPath(W, H, -30, 80)}" stroke="#fff" stroke-opacity=".035" stroke-width="1.5"/>`,
  draw: ({ rng, palette: p }) => {
    const count = rng.int(4, 5);
    const hotIndex = rng.int(0, count - 1);
    const step = 180;
    const phase = rng.range(0, TAU);
    const cubes = Array.from({ length: count }, (_, i) => {
      const t = i - (count - 1) / 2;
      return {
        x: t * step,
        y: Math.sin(phase + i * 1.3) * 50 - t * 26,
        s: 82 - Math.abs(t) * 8 + rng.range(-5, 5),
        wire: i !== hotIndex && rng.chance(0.35),
        hot: i === hotIndex,
      };
    });
    const top = lighten(p.accent, 0.35);
    const left = p.accent;
    const right = mix(p.accent, p.deep, 0.5);
    const cube = (x: number, y: number, s: number, colors: [string, string, string] | null, opacity = 1): string => {
      const a = s * 0.866;
      const topFace = `M${n(x)} ${n(y - s)}L${n(x + a)} ${n(y - s / 2)}L${n(x)} ${n(y)}L${n(x - a)} ${n(y - s / 2)}Z`;
      const leftFace = `M${n(x - a)} ${n(y - s / 2)}L${n(x)} ${n(y)}L${n(x)} ${n(y + s)}L${n(x - a)} ${n(y + s / 2)}Z`;
      const rightFace = `M${n(x + a)} ${n(y - s / 2)}L${n(x)} ${n(y)}L${n(x)} ${n(y + s)}L${n(x + a)} ${n(y + s / 2)}Z`;
      if (!colors) {
        return `<g fill="${p.accent}" fill-opacity=".06" stroke="${p.accent}" stroke-width="3.5" stroke-linejoin="round" opacity="${opacity}"><path d="${topFace}"/><path d="${leftFace}"/><path d="${rightFace}"/></g>`;
      }
      return (
        `<g stroke="${lighten(colors[0], 0.3)}" stroke-opacity=".5" stroke-width="1.5" stroke-linejoin="round" opacity="${opacity}">` +
        `<path d="${topFace}" fill="${colors[0]}"/><path d="${leftFace}" fill="${colors[1]}"/><path d="${rightFace}" fill="${colors[2]}"/></g>`
      );
    };
    let out = '';
    // A faint second chain behind gives the cluster depth.
    for (let i = 0; i < 4; i++) {
      out += cube(-210 + i * 150 + rng.range(-12, 12), -230 + i * -22 + rng.range(-14, 14), 38, [lighten(p.mid, 0.3), p.mid, darken(p.mid, 0.4)], 0.3);
    }
    for (let i = 0; i < count - 1; i++) {
      const a = cubes[i]!;
      const b = cubes[i + 1]!;
      const mx = (a.x + b.x) / 2;
      const my = (a.y + b.y) / 2;
      out +=
        `<path d="M${n(a.x)} ${n(a.y)}L${n(b.x)} ${n(b.y)}" stroke="${lighten(p.mid, 0.4)}" stroke-width="4" stroke-dasharray="2 9" stroke-linecap="round"/>` +
        `<rect x="${n(mx - 18)}" y="${n(my - 10)}" width="36" height="20" rx="10" fill="${p.deep}" stroke="${p.accent}" stroke-width="4"/>`;
    }
    for (const c of cubes) {
      if (c.hot) out += `<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(c.s * 2.2)}" fill="url(#m-halo)"/>`;
      out += cube(
        c.x,
        c.y,
        c.s,
        c.wire ? null : c.hot ? [lighten(p.accent, 0.6), lighten(p.accent, 0.2), p.accent] : [top, left, right],
      );
    }
    return (
      `<defs><radialGradient id="m-halo">${stops([[0, p.accent, 0.45], [1, p.accent, 0]])}</radialGradient></defs>` + out
    );
  },
};
