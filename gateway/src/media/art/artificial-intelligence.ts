import { n, lighten } from './svg.js';
import type { CategoryMotif } from './types.js';

/** Artificial intelligence: a layered neural network with one highlighted inference path. */
export const artificialIntelligence: CategoryMotif = {
  palette: { deep: '#140f3a', mid: '#5b3df5', accent: '#35e0c2' },
  maxRotation: 10,
  draw: ({ rng, palette: p }) => {
    const layerCount = rng.int(4, 5);
    const layers: Array<Array<[number, number]>> = [];
    for (let l = 0; l < layerCount; l++) {
      const x = -330 + (660 * l) / (layerCount - 1);
      const edge = l === 0 || l === layerCount - 1;
      const count = edge ? rng.int(2, 4) : rng.int(4, 6);
      const gap = rng.range(82, 100);
      const nodes: Array<[number, number]> = [];
      for (let i = 0; i < count; i++) {
        nodes.push([x + rng.range(-10, 10), (i - (count - 1) / 2) * gap + rng.range(-8, 8)]);
      }
      layers.push(nodes);
    }
    // One node per layer forms the highlighted "inference path".
    const active = layers.map((nodes) => rng.int(0, nodes.length - 1));
    const faint = lighten(p.mid, 0.45);
    let links = '';
    let hot = '';
    for (let l = 0; l < layerCount - 1; l++) {
      layers[l]!.forEach(([x1, y1], i) => {
        layers[l + 1]!.forEach(([x2, y2], j) => {
          const isPath = i === active[l] && j === active[l + 1];
          const fromActive = i === active[l] || j === active[l + 1];
          const line = `M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`;
          if (isPath) hot += `<path d="${line}" stroke="${p.accent}" stroke-width="4"/>`;
          else if (fromActive && rng.chance(0.45)) hot += `<path d="${line}" stroke="${p.accent}" stroke-width="1.8" stroke-opacity=".45"/>`;
          else links += `<path d="${line}"/>`;
        });
      });
    }
    let nodes = '';
    layers.forEach((layer, l) =>
      layer.forEach(([x, y], i) => {
        if (i === active[l]) {
          nodes +=
            `<circle cx="${n(x)}" cy="${n(y)}" r="34" fill="${p.accent}" fill-opacity=".16"/>` +
            `<circle cx="${n(x)}" cy="${n(y)}" r="16" fill="${p.accent}"/>` +
            `<circle cx="${n(x)}" cy="${n(y)}" r="6" fill="#fff"/>`;
        } else {
          nodes += `<circle cx="${n(x)}" cy="${n(y)}" r="13" fill="${p.deep}" stroke="${faint}" stroke-width="3"/>`;
        }
      }),
    );
    return (
      `<g fill="none" stroke="${faint}" stroke-opacity=".22" stroke-width="1.6">${links}</g>` +
      `<g fill="none" stroke-linecap="round">${hot}</g>${nodes}`
    );
  },
};
