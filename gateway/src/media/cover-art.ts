/**
 * Procedural cover art for articles.
 *
 * Every cover is an SVG composed from a category motif plus shared editorial
 * layers (gradient ground, light glows, texture, vignette). A PRNG seeded from
 * the image key makes each picture reproducible without storing anything, while
 * still giving sibling articles of one category distinct compositions.
 */

export interface Palette {
  /** Darkest tone: carries the background. */
  deep: string;
  /** Supporting tone: secondary glows and structure lines. */
  mid: string;
  /** Highlight tone: the motif itself. */
  accent: string;
}

/** Context a motif draws with. Coordinates use a viewBox whose height is always 1000. */
export interface DrawContext {
  rng: Rng;
  palette: Palette;
  /** viewBox width (1000 × aspect ratio) and height (1000). */
  W: number;
  H: number;
  /** Focal point of the composition, in viewBox units. */
  fx: number;
  fy: number;
}

export interface CategoryMotif {
  palette: Palette;
  /** Largest tilt, in degrees, that still reads well for this motif. */
  maxRotation: number;
  /** Optional full-bleed layer drawn in viewBox coordinates, behind the motif. */
  backdrop?: (ctx: DrawContext) => string;
  /** The motif, drawn around (0, 0) within roughly ±320 units; the caller places, scales and tilts it. */
  draw: (ctx: DrawContext) => string;
}

// ---------------------------------------------------------------------------
// Deterministic randomness

export interface Rng {
  next(): number;
  range(min: number, max: number): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  sign(): 1 | -1;
  /** Independent stream, so a layer's draw count never shifts another layer's picture. */
  fork(label: string): Rng;
}

/** FNV-1a with a murmur3 finaliser: cheap, and near-identical slugs still land far apart. */
export function hashKey(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: tiny, fast and good enough for layout jitter. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    sign: () => (next() < 0.5 ? -1 : 1),
    fork: (label) => createRng(hashKey(`${seed}:${label}`)),
  };
}

// ---------------------------------------------------------------------------
// Small SVG helpers

/** One decimal keeps the markup small; sub-unit precision is invisible at these sizes. */
const n = (v: number): string => (Math.round(v * 10) / 10).toString();
/** Opacities and scale factors need two decimals. */
const op = (v: number): string => (Math.round(v * 100) / 100).toString();
const TAU = Math.PI * 2;
const deg = (d: number): number => (d * Math.PI) / 180;

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
const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);
const darken = (c: string, t: number): string => mix(c, '#000000', t);

function stops(entries: Array<[offset: number, color: string, opacity?: number]>): string {
  return entries
    .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`)
    .join('');
}

function polar(r: number, angleDeg: number): [number, number] {
  return [r * Math.cos(deg(angleDeg)), r * Math.sin(deg(angleDeg))];
}

/** Circular arc path from angle a0 to a1 (degrees, clockwise in screen space). */
function arc(cx: number, cy: number, r: number, a0: number, a1: number): string {
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
function gridPath(W: number, H: number, cell: number): string {
  let d = '';
  for (let x = cell; x < W; x += cell) d += `M${x} 0V${H}`;
  for (let y = cell; y < H; y += cell) d += `M0 ${y}H${W}`;
  return d;
}

/** Parallel lines at `angle` degrees (from horizontal), `gap` apart, covering the canvas. */
function hatchPath(W: number, H: number, angle: number, gap: number): string {
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
function halftonePath(W: number, H: number, corner: [number, number], radius: number): string {
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

// ---------------------------------------------------------------------------
// Category motifs

const artificialIntelligence: CategoryMotif = {
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

const quantumComputing: CategoryMotif = {
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

const cybersecurity: CategoryMotif = {
  palette: { deep: '#04161c', mid: '#0f6b5c', accent: '#3df5a3' },
  maxRotation: 7,
  backdrop: ({ rng, palette: p, W, H, fx, fy }) => {
    const cell = 44;
    let lit = '';
    const spread = 2 * (W * 0.33) ** 2;
    for (let y = 0; y < H; y += cell) {
      for (let x = 0; x < W; x += cell) {
        const d2 = (x + cell / 2 - fx) ** 2 + (y + cell / 2 - fy) ** 2;
        if (rng.next() < 0.26 * Math.exp(-d2 / spread)) {
          lit += `<rect x="${x + 4}" y="${y + 4}" width="${cell - 8}" height="${cell - 8}" rx="4" fill-opacity="${op(rng.range(0.05, 0.32))}"/>`;
        }
      }
    }
    return (
      `<path d="${gridPath(W, H, cell)}" fill="none" stroke="#fff" stroke-opacity=".05" stroke-width="1.5"/>` +
      `<g fill="${p.accent}">${lit}</g>`
    );
  },
  draw: ({ rng, palette: p }) => {
    const shield =
      'M0 -262C92 -212 168 -202 224 -202L224 -24C224 118 124 208 0 272C-124 208 -224 118 -224 -24L-224 -202C-168 -202 -92 -212 0 -262Z';
    const ringA = rng.range(0, 360);
    return (
      `<defs><linearGradient id="m-shield" x1="0" y1="0" x2="0" y2="1">` +
      stops([[0, lighten(p.mid, 0.1)], [1, darken(p.deep, 0.2)]]) +
      `</linearGradient><linearGradient id="m-lock" x1="0" y1="0" x2="0" y2="1">` +
      stops([[0, lighten(p.accent, 0.35)], [1, p.accent]]) +
      `</linearGradient></defs>` +
      `<g fill="none" stroke="${p.accent}" stroke-linecap="round">` +
      `<path d="${arc(0, 0, 330, ringA, ringA + 250)}" stroke-opacity=".35" stroke-width="3" stroke-dasharray="2 12"/>` +
      `<path d="${arc(0, 0, 372, ringA + 140, ringA + 230)}" stroke-opacity=".5" stroke-width="5"/>` +
      `<path d="${arc(0, 0, 372, ringA + 250, ringA + 275)}" stroke-opacity=".3" stroke-width="5"/></g>` +
      `<path d="${shield}" fill="url(#m-shield)" fill-opacity=".92" stroke="${p.accent}" stroke-width="7" stroke-linejoin="round"/>` +
      `<path d="${shield}" transform="scale(.84)" fill="none" stroke="${p.accent}" stroke-opacity=".3" stroke-width="2.5"/>` +
      `<path d="M-56 -12V-62A56 56 0 0 1 56 -62V-12" fill="none" stroke="#e9fff5" stroke-width="20" stroke-linecap="round"/>` +
      `<rect x="-88" y="-24" width="176" height="146" rx="24" fill="url(#m-lock)"/>` +
      `<rect x="-88" y="-24" width="176" height="40" rx="20" fill="#fff" fill-opacity=".14"/>` +
      `<circle cy="36" r="19" fill="${p.deep}"/><rect x="-7" y="40" width="14" height="44" rx="7" fill="${p.deep}"/>`
    );
  },
};

const spaceEconomy: CategoryMotif = {
  palette: { deep: '#0a0c2b', mid: '#4b2a8c', accent: '#ffb14a' },
  maxRotation: 10,
  backdrop: ({ rng, W, H }) => {
    let stars = '';
    for (let i = 0; i < 120; i++) {
      const r = rng.chance(0.1) ? rng.range(1.8, 2.8) : rng.range(0.6, 1.6);
      stars += `<circle cx="${n(rng.next() * W)}" cy="${n(rng.next() * H)}" r="${n(r)}" fill-opacity="${op(rng.range(0.25, 0.9))}"/>`;
    }
    return `<g fill="#fff">${stars}</g>`;
  },
  draw: ({ rng, palette: p }) => {
    const planetR = rng.range(160, 200);
    const ringTilt = rng.range(-24, -8);
    const orbitTilt = rng.range(-30, 30);
    // Keep the satellite on the flanks of its orbit, clear of the planet disc.
    const satT = rng.pick([0, Math.PI]) + rng.range(-0.55, 0.55);
    const sx = 430 * Math.cos(satT);
    const sy = 150 * Math.sin(satT);
    const [mx, my] = polar(rng.range(260, 320), rng.range(0, 360));
    const ring = (d: string): string =>
      `<path d="${d}" transform="rotate(${n(ringTilt)})" fill="none" stroke="url(#m-ring)" stroke-width="14"/>` +
      `<path d="${d}" transform="rotate(${n(ringTilt)}) scale(1.12 1.12)" fill="none" stroke="${p.accent}" stroke-opacity=".35" stroke-width="3"/>`;
    const rx = planetR * 1.7;
    const ry = planetR * 0.36;
    return (
      `<defs><radialGradient id="m-planet" cx=".34" cy=".3" r=".85">` +
      stops([[0, lighten(p.accent, 0.35)], [0.35, p.accent], [0.72, mix(p.accent, p.mid, 0.75)], [1, p.deep]]) +
      `</radialGradient><radialGradient id="m-moon" cx=".35" cy=".3" r=".8">` +
      stops([[0, lighten(p.mid, 0.75)], [1, mix(p.mid, p.deep, 0.3)]]) +
      `</radialGradient><radialGradient id="m-atmo">` +
      stops([[0.78, p.accent, 0.35], [1, p.accent, 0]]) +
      `</radialGradient><linearGradient id="m-ring" gradientUnits="userSpaceOnUse" x1="${n(-rx)}" y1="0" x2="${n(rx)}" y2="0">` +
      stops([[0, lighten(p.accent, 0.4), 0.2], [0.5, lighten(p.accent, 0.5), 0.9], [1, lighten(p.accent, 0.4), 0.2]]) +
      `</linearGradient></defs>` +
      `<ellipse rx="430" ry="150" transform="rotate(${n(orbitTilt)})" fill="none" stroke="#fff" stroke-opacity=".22" stroke-width="2" stroke-dasharray="4 10"/>` +
      ring(`M${n(-rx)} 0A${n(rx)} ${n(ry)} 0 0 1 ${n(rx)} 0`) +
      `<circle r="${n(planetR * 1.14)}" fill="url(#m-atmo)"/>` +
      `<circle r="${n(planetR)}" fill="url(#m-planet)"/>` +
      ring(`M${n(rx)} 0A${n(rx)} ${n(ry)} 0 0 1 ${n(-rx)} 0`) +
      `<circle cx="${n(mx)}" cy="${n(my)}" r="${n(rng.range(16, 28))}" fill="url(#m-moon)"/>` +
      `<g transform="rotate(${n(orbitTilt)}) translate(${n(sx)} ${n(sy)}) rotate(${n(rng.range(-30, 30))})">` +
      `<rect x="-58" y="-9" width="38" height="18" rx="2" fill="${lighten(p.mid, 0.25)}" stroke="#fff" stroke-opacity=".7" stroke-width="1.5"/>` +
      `<rect x="20" y="-9" width="38" height="18" rx="2" fill="${lighten(p.mid, 0.25)}" stroke="#fff" stroke-opacity=".7" stroke-width="1.5"/>` +
      `<path d="M-20 0H20" stroke="#fff" stroke-width="2"/>` +
      `<rect x="-13" y="-13" width="26" height="26" rx="4" fill="#f4f1ff"/>` +
      `<circle cy="-20" r="4" fill="${p.accent}"/></g>`
    );
  },
};

const arVrMetaverse: CategoryMotif = {
  palette: { deep: '#1a0b33', mid: '#c2187a', accent: '#27e3ff' },
  maxRotation: 6,
  draw: ({ rng, palette: p }) => {
    const drift = rng.range(0.8, 1.2);
    const skew = rng.range(-10, -4);
    const panel = (dx: number, dy: number, opacity: number, inner: string): string =>
      `<g transform="translate(${n(dx)} ${n(dy)}) skewY(${n(skew)})" opacity="${opacity}">` +
      `<rect x="-190" y="-240" width="380" height="230" rx="20" fill="url(#m-glass)" stroke="${p.accent}" stroke-width="2.5"/>${inner}</g>`;
    const bars = [0, 1, 2]
      .map((i) => `<rect x="-40" y="${-196 + i * 34}" width="${n(rng.range(90, 190))}" height="14" rx="7" fill="#fff" fill-opacity="${0.5 - i * 0.12}"/>`)
      .join('');
    let tiles = '';
    for (let r = 0; r < 2; r++) {
      for (let c = 0; c < 4; c++) {
        tiles += `<rect x="${-160 + c * 84}" y="${-210 + r * 90}" width="70" height="70" rx="10" fill="${c === r + 1 ? p.accent : '#fff'}" fill-opacity="${c === r + 1 ? 0.6 : 0.12}"/>`;
      }
    }
    const front =
      `<circle cx="-112" cy="-125" r="52" fill="url(#m-orb)"/>` + bars;
    return (
      `<defs><linearGradient id="m-glass" x1="0" y1="0" x2="1" y2="1">` +
      stops([[0, '#ffffff', 0.2], [1, '#ffffff', 0.03]]) +
      `</linearGradient><radialGradient id="m-orb" cx=".35" cy=".35">` +
      stops([[0, '#ffffff'], [0.4, p.accent], [1, p.mid]]) +
      `</radialGradient><radialGradient id="m-lens" cx=".4" cy=".38" r=".7">` +
      stops([[0, lighten(p.accent, 0.5)], [0.45, p.accent], [1, mix(p.accent, p.deep, 0.7)]]) +
      `</radialGradient><linearGradient id="m-body" x1="0" y1="0" x2="0" y2="1">` +
      stops([[0, lighten(p.deep, 0.2)], [1, darken(p.deep, 0.35)]]) +
      `</linearGradient></defs>` +
      panel(150 * drift, -130 * drift, 0.35, '') +
      panel(75 * drift, -65 * drift, 0.6, tiles) +
      panel(0, 0, 1, front) +
      // Headset in front of the floating panels.
      `<g transform="translate(${n(rng.range(-90, -30))} 150)">` +
      `<path d="M-200 -10C-250 -10 -260 60 -232 80" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="12" stroke-linecap="round"/>` +
      `<path d="M200 -10C250 -10 260 60 232 80" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="12" stroke-linecap="round"/>` +
      `<path d="M-150 -80H150A60 60 0 0 1 210 -20V20A60 60 0 0 1 150 80H48Q0 30 -48 80H-150A60 60 0 0 1 -210 20V-20A60 60 0 0 1 -150 -80Z" fill="url(#m-body)" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>` +
      `<ellipse cx="-92" cy="2" rx="66" ry="46" fill="url(#m-lens)"/>` +
      `<ellipse cx="92" cy="2" rx="66" ry="46" fill="url(#m-lens)"/>` +
      `<path d="M-140 -62H140" stroke="#fff" stroke-opacity=".25" stroke-width="4" stroke-linecap="round"/></g>`
    );
  },
};

const blockchainCrypto: CategoryMotif = {
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

const autonomousVehicles: CategoryMotif = {
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

const iotConnectedDevices: CategoryMotif = {
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

const brainComputerInterfaces: CategoryMotif = {
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

const cloudComputing: CategoryMotif = {
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

const edtech: CategoryMotif = {
  palette: { deep: '#13263f', mid: '#2f7d74', accent: '#ffbe5c' },
  maxRotation: 10,
  draw: ({ rng, palette: p }) => {
    const page = 'M0 40C-80 0 -200 -4 -290 34L-290 -176C-200 -212 -80 -206 0 -164Z';
    let sparks = '';
    for (let i = 0; i < 16; i++) {
      const [x, y] = polar(rng.range(120, 300), rng.range(-160, -20));
      sparks += `<circle cx="${n(x)}" cy="${n(y - 60)}" r="${n(rng.range(2, 6))}" fill-opacity="${op(rng.range(0.3, 0.9))}"/>`;
    }
    let rays = '';
    for (let a = -160; a <= -20; a += 20) {
      const [x, y] = polar(rng.range(300, 360), a + rng.range(-4, 4));
      rays += `<path d="M0 -40L${n(x)} ${n(y - 40)}"/>`;
    }
    const capTilt = rng.range(-20, 20);
    return (
      `<defs><linearGradient id="m-page" x1="1" y1="0" x2="0" y2="0">` +
      stops([[0, '#fff6e6'], [1, lighten(p.accent, 0.55)]]) +
      `</linearGradient><linearGradient id="m-cap" x1="0" y1="0" x2="0" y2="1">` +
      stops([[0, darken(p.deep, 0.3)], [1, mix(p.deep, p.mid, 0.4)]]) +
      `</linearGradient></defs>` +
      `<g stroke="${p.accent}" stroke-opacity=".16" stroke-width="3" stroke-linecap="round">${rays}</g>` +
      `<g fill="${p.accent}">${sparks}</g>` +
      // Page edges under the open book.
      `<g transform="translate(0 200)">` +
      `<path d="${page}" transform="translate(0 22)" fill="${p.accent}"/><path d="${page}" transform="translate(0 22) scale(-1 1)" fill="${p.accent}"/>` +
      `<path d="${page}" transform="translate(0 11)" fill="${lighten(p.accent, 0.6)}"/><path d="${page}" transform="translate(0 11) scale(-1 1)" fill="${lighten(p.accent, 0.6)}"/>` +
      `<path d="${page}" fill="url(#m-page)"/><path d="${page}" transform="scale(-1 1)" fill="url(#m-page)"/>` +
      `<g fill="none" stroke="${p.mid}" stroke-opacity=".35" stroke-width="5" stroke-linecap="round">` +
      [0, 1, 2, 3]
        .map((i) => `<path d="M-40 ${-134 + i * 36}C-100 ${-160 + i * 36} -180 ${-162 + i * 36} -245 ${-138 + i * 36}"/><path d="M40 ${-134 + i * 36}C100 ${-160 + i * 36} 180 ${-162 + i * 36} 245 ${-138 + i * 36}"/>`)
        .join('') +
      `</g><path d="M0 -164V40" stroke="${mix(p.accent, p.deep, 0.4)}" stroke-width="4"/></g>` +
      // Mortarboard floating above.
      `<g transform="translate(${n(rng.range(-100, 100))} ${n(rng.range(-130, -95))}) rotate(${n(capTilt)})">` +
      `<path d="M-112 -20V46Q0 96 112 46V-20Z" fill="url(#m-cap)" stroke="${p.accent}" stroke-opacity=".5" stroke-width="3"/>` +
      `<path d="M0 -120L210 -30L0 56L-210 -30Z" fill="${lighten(p.deep, 0.12)}" stroke="${p.accent}" stroke-width="4" stroke-linejoin="round"/>` +
      `<path d="M0 -30L150 10V96" fill="none" stroke="${p.accent}" stroke-width="5" stroke-linecap="round"/>` +
      `<path d="M140 96h20l6 44h-32Z" fill="${p.accent}"/><circle cy="-30" r="10" fill="${p.accent}"/></g>`
    );
  },
};

/** Used for categories the site adds before they get a bespoke motif. */
export const GENERIC_MOTIF: CategoryMotif = {
  palette: { deep: '#141c2b', mid: '#3f5b83', accent: '#8fd3ff' },
  maxRotation: 30,
  draw: ({ rng, palette: p }) => {
    let out = '';
    const rings = rng.int(4, 6);
    for (let i = 0; i < rings; i++) {
      const r = 80 + i * 55;
      const a = rng.range(0, 360);
      out += `<path d="${arc(0, 0, r, a, a + rng.range(120, 300))}" stroke-width="${i === 2 ? 6 : 2.5}" stroke-opacity="${op(0.9 - i * 0.12)}"/>`;
      const [x, y] = polar(r, a);
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="${i === 2 ? 10 : 6}" fill="${i === 2 ? '#fff' : p.accent}" stroke="none"/>`;
    }
    return (
      `<g fill="none" stroke="${p.accent}" stroke-linecap="round">${out}</g>` +
      `<circle r="46" fill="${p.accent}" fill-opacity=".2"/><circle r="20" fill="${lighten(p.accent, 0.5)}"/>`
    );
  },
};

export const CATEGORY_MOTIFS = {
  'artificial-intelligence': artificialIntelligence,
  'quantum-computing': quantumComputing,
  cybersecurity,
  'space-economy': spaceEconomy,
  'ar-vr-metaverse': arVrMetaverse,
  'blockchain-crypto': blockchainCrypto,
  'autonomous-vehicles': autonomousVehicles,
  'iot-connected-devices': iotConnectedDevices,
  'brain-computer-interfaces-bcis': brainComputerInterfaces,
  'cloud-computing': cloudComputing,
  edtech,
} as const satisfies Record<string, CategoryMotif>;

export type CategorySlug = keyof typeof CATEGORY_MOTIFS;

/** Category slug of a key: the part before the first "--" (the whole key when there is none). */
export function categoryOfKey(key: string): string {
  const cut = key.indexOf('--');
  return cut === -1 ? key : key.slice(0, cut);
}

export function motifForKey(key: string): CategoryMotif {
  const category = categoryOfKey(key);
  return Object.hasOwn(CATEGORY_MOTIFS, category) ? CATEGORY_MOTIFS[category as CategorySlug] : GENERIC_MOTIF;
}

// ---------------------------------------------------------------------------
// Composition

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

function renderCategoryScene(key: string, W: number, H: number): string {
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

function renderStockScene(key: string, index: number, W: number, H: number): string {
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

const FALLBACK_KEY = /^fallback-(\d+)$/;

/**
 * SVG cover for an image key, at exactly width × height pixels.
 * The same key always yields the same markup; the picture contains no text.
 */
export function renderCoverSvg(key: string, width: number, height: number): string {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  // Fixed 1000-unit height keeps stroke weights and motif sizes independent of pixel size.
  const H = 1000;
  const W = Math.round((H * w) / h);
  const fallback = FALLBACK_KEY.exec(key);
  const body = fallback ? renderStockScene(key, Number(fallback[1]), W, H) : renderCategoryScene(key, W, H);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">` +
    body +
    `</svg>`
  );
}
