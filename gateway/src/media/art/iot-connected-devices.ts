import { n, lighten, stops, polar, arc } from './svg.js';
import type { CategoryMotif } from './types.js';

/** IoT and connected devices: a mesh of devices around a hub. */
export const iotConnectedDevices: CategoryMotif = {
  palette: { deep: '#032a2c', mid: '#0e9488', accent: '#ffc857' },
  maxRotation: 20,
  draw: ({ rng, palette: p }) => {
    const points: Array<[number, number]> = [[0, 0]];
    for (let tries = 0; points.length < 13 && tries < 400; tries++) {
      const r = 340 * Math.sqrt(rng.next());
      const [x, y] = polar(r, rng.range(0, 360));
      if (points.every(([px, py]) => (px - x) ** 2 + (py - y) ** 2 > 105 ** 2)) points.push([x, y]);
    }
    // Each device links to its nearest neighbours: reads as a mesh, not a star.
    const edges = new Set<string>();
    points.forEach(([x, y], i) => {
      points
        .map(([px, py], j) => ({ j, d: (px - x) ** 2 + (py - y) ** 2 }))
        .filter(({ j }) => j !== i)
        .sort((a, b) => a.d - b.d)
        .slice(0, 2 + (i % 2))
        .forEach(({ j }) => edges.add(i < j ? `${i}-${j}` : `${j}-${i}`));
    });
    let lines = '';
    let packets = '';
    for (const e of edges) {
      const [i, j] = e.split('-').map(Number) as [number, number];
      const [x1, y1] = points[i]!;
      const [x2, y2] = points[j]!;
      lines += `<path d="M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}"/>`;
      if (rng.chance(0.35)) {
        const t = rng.range(0.25, 0.75);
        packets += `<circle cx="${n(x1 + (x2 - x1) * t)}" cy="${n(y1 + (y2 - y1) * t)}" r="5"/>`;
      }
    }
    let devices = '';
    points.slice(1).forEach(([x, y]) => {
      const size = rng.range(30, 40);
      const lit = rng.chance(0.35);
      devices += rng.chance(0.5)
        ? `<rect x="${n(x - size / 2)}" y="${n(y - size / 2)}" width="${n(size)}" height="${n(size)}" rx="9" fill="${p.deep}" stroke="${lit ? p.accent : lighten(p.mid, 0.3)}" stroke-width="3"/>`
        : `<circle cx="${n(x)}" cy="${n(y)}" r="${n(size / 2)}" fill="${p.deep}" stroke="${lit ? p.accent : lighten(p.mid, 0.3)}" stroke-width="3"/>`;
      devices += `<circle cx="${n(x)}" cy="${n(y)}" r="5" fill="${lit ? p.accent : lighten(p.mid, 0.5)}"/>`;
    });
    let rings = '';
    for (const r of [150, 250, 370]) rings += `<circle r="${r}"/>`;
    return (
      `<defs><radialGradient id="m-hub" cx=".4" cy=".35">${stops([[0, lighten(p.accent, 0.5)], [1, p.accent]])}</radialGradient></defs>` +
      `<g fill="none" stroke="#fff" stroke-opacity=".07" stroke-width="1.5" stroke-dasharray="3 8">${rings}</g>` +
      `<g stroke="${lighten(p.mid, 0.35)}" stroke-opacity=".55" stroke-width="2">${lines}</g>` +
      `<g fill="${p.accent}">${packets}</g>${devices}` +
      `<circle r="64" fill="${p.accent}" fill-opacity=".14"/>` +
      `<rect x="-38" y="-38" width="76" height="76" rx="20" fill="url(#m-hub)"/>` +
      `<g fill="none" stroke="${p.deep}" stroke-width="6" stroke-linecap="round">` +
      `<path d="${arc(0, 10, 14, -135, -45)}"/><path d="${arc(0, 10, 26, -135, -45)}"/></g>` +
      `<circle cy="10" r="5" fill="${p.deep}"/>`
    );
  },
};
