import { n, op, mix, lighten, darken, stops, polar, arc } from './svg.js';
import type { CategoryMotif } from './types.js';

/** Autonomous vehicles: a road in perspective with a lidar sweep and detected objects. */
export const autonomousVehicles: CategoryMotif = {
  palette: { deep: '#0a1322', mid: '#23476e', accent: '#ff8a2b' },
  maxRotation: 0,
  // The road needs the real canvas edges, so the whole scene lives in the backdrop.
  backdrop: ({ rng, palette: p, W, H, fx, fy }) => {
    const vx = fx;
    const hy = fy - 150;
    const half = W * 0.62;
    const at = (lane: number, t: number): [number, number] => [vx + lane * half * t, hy + (H - hy) * t];
    let out =
      `<defs><linearGradient id="m-road" x1="0" y1="0" x2="0" y2="1">` +
      stops([[0, darken(p.deep, 0.2)], [1, mix(p.deep, p.mid, 0.45)]]) +
      `</linearGradient><radialGradient id="m-horizon" gradientUnits="userSpaceOnUse" cx="${n(vx)}" cy="${n(hy)}" r="${n(W * 0.5)}" gradientTransform="translate(${n(vx)} ${n(hy)}) scale(1 .16) translate(${n(-vx)} ${n(-hy)})">` +
      stops([[0, lighten(p.accent, 0.3), 0.55], [0.4, p.accent, 0.18], [1, p.accent, 0]]) +
      `</radialGradient><radialGradient id="m-sweep" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="620">` +
      stops([[0, p.accent, 0.4], [1, p.accent, 0]]) +
      `</radialGradient></defs>` +
      `<rect y="${n(hy - 100)}" width="${W}" height="200" fill="url(#m-horizon)"/>` +
      `<path d="M${n(vx - 10)} ${n(hy)}L${n(vx + 10)} ${n(hy)}L${n(vx + half)} ${H}L${n(vx - half)} ${H}Z" fill="url(#m-road)"/>`;
    // Perspective guide lines on the tarmac.
    for (let k = -6; k <= 6; k++) {
      const [x, y] = at(k / 6, 1);
      out += `<path d="M${n(vx)} ${n(hy)}L${n(x)} ${n(y)}" stroke="#fff" stroke-opacity=".05" stroke-width="1.5"/>`;
    }
    for (const lane of [-1, 1]) {
      const [x, y] = at(lane, 1);
      out += `<path d="M${n(vx + lane * 10)} ${n(hy)}L${n(x)} ${n(y)}" stroke="${p.accent}" stroke-width="4" stroke-opacity=".85"/>`;
    }
    // Lane dashes grow geometrically toward the viewer, which sells the depth.
    for (const lane of [-1 / 3, 1 / 3]) {
      for (let t = 0.03; t < 1.1; t *= 1.42) {
        const t1 = Math.min(t * 1.18, 1.05);
        const w = 9 * t;
        const [x0, y0] = at(lane, t);
        const [x1, y1] = at(lane, t1);
        out += `<path d="M${n(x0 - w)} ${n(y0)}L${n(x0 + w)} ${n(y0)}L${n(x1 + w * 1.18)} ${n(y1)}L${n(x1 - w * 1.18)} ${n(y1)}Z" fill="#fff" fill-opacity=".75"/>`;
      }
    }
    // Lidar sweep from the ego vehicle.
    const [ox, oy] = at(rng.pick([-2 / 3, 0, 2 / 3]) * rng.range(0.1, 0.35), 0.97);
    const sweepDir = rng.range(-120, -60);
    const [s0x, s0y] = polar(620, sweepDir - 14);
    const [s1x, s1y] = polar(620, sweepDir + 14);
    out +=
      `<g transform="translate(${n(ox)} ${n(oy)})">` +
      `<path d="M0 0L${n(s0x)} ${n(s0y)}A620 620 0 0 1 ${n(s1x)} ${n(s1y)}Z" fill="url(#m-sweep)"/>` +
      `<g fill="none" stroke="${p.accent}" stroke-linecap="round">`;
    for (let i = 0; i < 8; i++) {
      const r = 90 + i * 72;
      const dash = i % 2 === 0 ? '' : ` stroke-dasharray="${n(rng.range(2, 6))} ${n(rng.range(10, 22))}"`;
      out += `<path d="${arc(0, 0, r, -168, -12)}" stroke-opacity="${op(0.75 - i * 0.08)}" stroke-width="${i % 2 === 0 ? 2.5 : 3.5}"${dash}/>`;
    }
    out += `</g><circle r="26" fill="${p.accent}" fill-opacity=".3"/><circle r="11" fill="#fff"/></g>`;
    // Detected objects ahead, framed by corner brackets.
    const boxes = rng.int(2, 3);
    for (let i = 0; i < boxes; i++) {
      const t = rng.range(0.2, 0.55);
      const [bx, by] = at(rng.pick([-2 / 3, 0, 2 / 3]), t);
      const s = 200 * t;
      const c = s * 0.28;
      const x0 = bx - s / 2;
      const y0 = by - s * 0.75;
      const x1 = bx + s / 2;
      const y1 = by;
      out +=
        `<rect x="${n(x0)}" y="${n(y0)}" width="${n(s)}" height="${n(s * 0.75)}" rx="4" fill="${p.accent}" fill-opacity=".1"/>` +
        `<path d="M${n(x0)} ${n(y0 + c)}V${n(y0)}H${n(x0 + c)}M${n(x1 - c)} ${n(y0)}H${n(x1)}V${n(y0 + c)}M${n(x1)} ${n(y1 - c)}V${n(y1)}H${n(x1 - c)}M${n(x0 + c)} ${n(y1)}H${n(x0)}V${n(y1 - c)}" fill="none" stroke="${lighten(p.accent, 0.5)}" stroke-width="${n(Math.max(2, 7 * t))}" stroke-linecap="round"/>`;
    }
    return out;
  },
  draw: () => '',
};
