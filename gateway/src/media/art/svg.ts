/** Small SVG helpers shared by the motifs and the scenes. */

/** One decimal keeps the markup small; sub-unit precision is invisible at these sizes. */
export const n = (v: number): string => (Math.round(v * 10) / 10).toString();
/** Opacities and scale factors need two decimals. */
export const op = (v: number): string => (Math.round(v * 100) / 100).toString();
export const TAU = Math.PI * 2;
export const deg = (d: number): number => (d * Math.PI) / 180;

function hexToRgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Linear blend of two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = hexToRgb(a);
  const cb = hexToRgb(b);
  const out = ca.map((c, i) => Math.round(c + (cb[i]! - c) * t));
  return `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
export const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);
export const darken = (c: string, t: number): string => mix(c, '#000000', t);

export function stops(entries: Array<[offset: number, color: string, opacity?: number]>): string {
  return entries
    .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`)
    .join('');
}

export function polar(r: number, angleDeg: number): [number, number] {
  return [r * Math.cos(deg(angleDeg)), r * Math.sin(deg(angleDeg))];
}

/** Circular arc path from angle a0 to a1 (degrees, clockwise in screen space). */
export function arc(cx: number, cy: number, r: number, a0: number, a1: number): string {
  const [x0, y0] = polar(r, a0);
  const [x1, y1] = polar(r, a1);
  const large = Math.abs(a1 - a0) > 180 ? 1 : 0;
  return `M${n(cx + x0)} ${n(cy + y0)}A${n(r)} ${n(r)} 0 ${large} 1 ${n(cx + x1)} ${n(cy + y1)}`;
}

/*
 * Textures are drawn as single paths rather than <pattern> fills: librsvg paints
 * pattern tiles one by one, which made a full-bleed texture cost ~300 ms per image.
 */

/** Square grid covering the canvas. */
export function gridPath(W: number, H: number, cell: number): string {
  let d = '';
  for (let x = cell; x < W; x += cell) d += `M${x} 0V${H}`;
  for (let y = cell; y < H; y += cell) d += `M0 ${y}H${W}`;
  return d;
}

/** Parallel lines at `angle` degrees (from horizontal), `gap` apart, covering the canvas. */
export function hatchPath(W: number, H: number, angle: number, gap: number): string {
  const a = deg(angle);
  const [dx, dy] = [Math.cos(a), Math.sin(a)];
  const [nx, ny] = [-dy, dx];
  const cx = W / 2;
  const cy = H / 2;
  const half = Math.hypot(W, H) / 2;
  let d = '';
  for (let k = -half; k <= half; k += gap) {
    const ox = cx + nx * k;
    const oy = cy + ny * k;
    d += `M${n(ox - dx * half)} ${n(oy - dy * half)}L${n(ox + dx * half)} ${n(oy + dy * half)}`;
  }
  return d;
}

/** Halftone dot field fading out from a corner; dot sizes are bucketed so it stays a few paths. */
export function halftonePath(W: number, H: number, corner: [number, number], radius: number): string {
  const gap = 22;
  const buckets: string[] = ['', '', '', ''];
  for (let y = gap / 2; y < H; y += gap) {
    for (let x = gap / 2; x < W; x += gap) {
      const t = 1 - Math.hypot(x - corner[0], y - corner[1]) / radius;
      if (t <= 0.05) continue;
      buckets[Math.min(3, Math.floor(t * 4))] += `M${x} ${y}h0`;
    }
  }
  return buckets
    .map((d, i) => (d ? `<path d="${d}" stroke-width="${1.6 + i * 1.5}"/>` : ''))
    .join('');
}
