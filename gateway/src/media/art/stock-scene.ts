import { createRng, hashKey } from './rng.js';
import { deg, mix, n, op, stops, TAU } from './svg.js';
import type { Palette } from './types.js';

/** Calm, muted palettes for generic "stock" imagery when an article has no category art. */
const STOCK_PALETTES: readonly Palette[] = [
  { deep: '#26313d', mid: '#5f7388', accent: '#d9e2ea' },
  { deep: '#3a2f28', mid: '#a4876a', accent: '#f1e6d6' },
  { deep: '#1f2d29', mid: '#5e7f70', accent: '#d6e4da' },
  { deep: '#2a2438', mid: '#6d5e8c', accent: '#e5dcf2' },
  { deep: '#15304b', mid: '#3f709b', accent: '#d3e6f6' },
  { deep: '#3a2630', mid: '#a06a7a', accent: '#f3dde3' },
  { deep: '#2b2b2b', mid: '#7a7a72', accent: '#ecebe4' },
  { deep: '#1d3640', mid: '#4f8a8b', accent: '#f0e5cf' },
];

/** A calm stock picture for the fallback pool: soft waves under light orbs. */
export function renderStockScene(key: string, index: number, W: number, H: number): string {
  const rng = createRng(hashKey(key));
  const p = STOCK_PALETTES[index % STOCK_PALETTES.length]!;
  const angle = rng.range(20, 160);
  const rad = deg(angle);
  const gx = Math.cos(rad) / 2;
  const gy = Math.sin(rad) / 2;
  // Layered soft waves rising from the bottom edge, back to front.
  const layers = 4;
  const waveRng = rng.fork('waves');
  let waves = '';
  for (let i = 0; i < layers; i++) {
    const base = H * (0.42 + i * 0.13) + waveRng.range(-40, 40);
    const amp = waveRng.range(40, 110);
    const phase = waveRng.range(0, TAU);
    const cycles = waveRng.range(0.6, 1.3);
    let d = `M0 ${H}`;
    for (let s = 0; s <= 48; s++) {
      const x = (W * s) / 48;
      d += `L${n(x)} ${n(base + amp * Math.sin(phase + (cycles * TAU * x) / W))}`;
    }
    d += `L${W} ${H}Z`;
    const tone = mix(p.mid, p.deep, i / (layers - 1));
    waves += `<path d="${d}" fill="${tone}" fill-opacity="${op(0.55 + i * 0.15)}"/>`;
  }
  const orbRng = rng.fork('orbs');
  let orbs = '';
  for (let i = 0; i < 3; i++) {
    orbs += `<circle cx="${n(orbRng.range(0.1, 0.9) * W)}" cy="${n(orbRng.range(0.1, 0.55) * H)}" r="${n(orbRng.range(220, 420))}" fill="url(#orb)"/>`;
  }
  const sweepY = rng.range(0.25, 0.5) * H;
  return (
    `<defs>` +
    `<linearGradient id="bg" x1="${n((0.5 - gx) * 100)}%" y1="${n((0.5 - gy) * 100)}%" x2="${n((0.5 + gx) * 100)}%" y2="${n((0.5 + gy) * 100)}%">` +
    stops([[0, p.accent], [0.6, mix(p.accent, p.mid, 0.55)], [1, p.mid]]) +
    `</linearGradient>` +
    `<radialGradient id="orb">${stops([[0, '#ffffff', 0.22], [0.5, '#ffffff', 0.1], [1, '#ffffff', 0]])}</radialGradient>` +
    `<radialGradient id="vignette" cx="50%" cy="45%" r="80%">${stops([[0.6, '#000000', 0], [1, '#000000', 0.22]])}</radialGradient>` +
    `</defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    orbs +
    `<path d="M${n(-0.1 * W)} ${n(sweepY + 120)}Q${n(W * rng.range(0.3, 0.7))} ${n(sweepY - 160)} ${n(1.1 * W)} ${n(sweepY + 40)}" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"/>` +
    waves +
    `<rect width="${W}" height="${H}" fill="url(#vignette)"/>`
  );
}

