import { motifForKey } from './registry.js';
import { createRng, hashKey, type Rng } from './rng.js';
import { darken, deg, halftonePath, hatchPath, lighten, mix, n, op, stops } from './svg.js';
import type { Palette } from './types.js';

/** Out-of-focus specks that give the empty side of the frame depth without competing with the motif. */
function renderBokeh(rng: Rng, p: Palette, W: number, H: number, fx: number, fy: number): string {
  let out =
    `<defs><radialGradient id="bokeh-a">${stops([[0, p.accent, 0.5], [0.6, p.accent, 0.22], [1, p.accent, 0]])}</radialGradient>` +
    `<radialGradient id="bokeh-b">${stops([[0, lighten(p.mid, 0.4), 0.45], [0.6, lighten(p.mid, 0.3), 0.18], [1, p.mid, 0]])}</radialGradient></defs>`;
  for (let i = 0, placed = 0; i < 40 && placed < 9; i++) {
    const x = rng.next() * W;
    const y = rng.next() * H;
    const r = rng.range(8, 60);
    const fill = rng.chance(0.4) ? 'a' : 'b';
    const opacity = rng.range(0.25, 0.8);
    if ((x - fx) ** 2 + (y - fy) ** 2 < 380 ** 2) continue;
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="url(#bokeh-${fill})" opacity="${op(opacity)}"/>`;
    placed++;
  }
  return out;
}

/** A category cover: gradient ground, glows, texture, bokeh, the motif's backdrop and figure, vignette. */
export function renderCategoryScene(key: string, W: number, H: number): string {
  const motif = motifForKey(key);
  const p = motif.palette;
  const rng = createRng(hashKey(key));

  // Composition parameters are drawn first, from their own stream, so every
  // aspect ratio of one key shows the same arrangement.
  const gradientAngle = rng.range(0, 360);
  const side = rng.pick([-1, -1, 0, 1, 1] as const);
  // Off-centre placement scales with the spare width, so square crops stay balanced.
  const fx = W / 2 + side * rng.range(0.6, 1) * Math.max(W * 0.08, (W - H) * 0.36);
  const fy = H * rng.range(0.45, 0.55);
  const scale = rng.range(0.95, 1.18);
  const rotation = rng.range(-1, 1) * motif.maxRotation;
  const glowX = side === 0 ? rng.range(0.1, 0.9) : side < 0 ? rng.range(0.72, 0.95) : rng.range(0.05, 0.28);
  const glowY = rng.chance(0.5) ? rng.range(0, 0.2) : rng.range(0.8, 1);
  const texture = rng.pick(['halftone', 'lines', 'none'] as const);
  // Halftone sits in a corner across from the motif, balancing the frame.
  const halftoneCorner: [number, number] = [side > 0 ? 0 : W, rng.chance(0.5) ? 0 : H];

  const ctx = { palette: p, W, H, fx, fy };
  const bokeh = renderBokeh(rng.fork('bokeh'), p, W, H, fx, fy);
  const backdrop = motif.backdrop?.({ ...ctx, rng: rng.fork('backdrop') }) ?? '';
  const figure = motif.draw({ ...ctx, rng: rng.fork('motif') });

  const rad = deg(gradientAngle);
  const gx = Math.cos(rad) / 2;
  const gy = Math.sin(rad) / 2;
  return (
    `<defs>` +
    `<linearGradient id="bg" x1="${n((0.5 - gx) * 100)}%" y1="${n((0.5 - gy) * 100)}%" x2="${n((0.5 + gx) * 100)}%" y2="${n((0.5 + gy) * 100)}%">` +
    stops([[0, darken(p.deep, 0.25)], [0.55, p.deep], [1, mix(p.deep, p.mid, 0.55)]]) +
    `</linearGradient>` +
    `<radialGradient id="glow-a" gradientUnits="userSpaceOnUse" cx="${n(fx)}" cy="${n(fy)}" r="${n(H * 0.62)}">` +
    stops([[0, p.accent, 0.3], [0.45, p.mid, 0.16], [1, p.mid, 0]]) +
    `</radialGradient>` +
    `<radialGradient id="glow-b" gradientUnits="userSpaceOnUse" cx="${n(glowX * W)}" cy="${n(glowY * H)}" r="${n(H * 0.75)}">` +
    stops([[0, p.mid, 0.45], [1, p.mid, 0]]) +
    `</radialGradient>` +
    `<radialGradient id="vignette" cx="50%" cy="50%" r="75%">${stops([[0.55, '#000000', 0], [1, '#000000', 0.5]])}</radialGradient>` +
    `<filter id="bloom" x="-25%" y="-25%" width="150%" height="150%" color-interpolation-filters="sRGB">` +
    `<feGaussianBlur in="SourceGraphic" stdDeviation="9" result="blur"/>` +
    `<feColorMatrix in="blur" type="matrix" values="1 0 0 0 0 0 1 0 0 0 0 0 1 0 0 0 0 0 .55 0" result="soft"/>` +
    `<feMerge><feMergeNode in="soft"/><feMergeNode in="SourceGraphic"/></feMerge></filter>` +
    `</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    `<rect width="${W}" height="${H}" fill="url(#glow-b)"/>` +
    `<rect width="${W}" height="${H}" fill="url(#glow-a)"/>` +
    (texture === 'halftone'
      ? `<g stroke="#fff" stroke-opacity=".1" stroke-linecap="round">${halftonePath(W, H, halftoneCorner, H * 0.6)}</g>`
      : texture === 'lines'
        ? `<path d="${hatchPath(W, H, 90 + (gradientAngle % 90), 18)}" stroke="#fff" stroke-opacity=".03" stroke-width="2"/>`
        : '') +
    bokeh +
    backdrop +
    (figure
      ? `<g transform="translate(${n(fx)} ${n(fy)}) rotate(${n(rotation)}) scale(${op(scale)})" filter="url(#bloom)">${figure}</g>`
      : '') +
    `<rect width="${W}" height="${H}" fill="url(#vignette)"/>`
  );
}

