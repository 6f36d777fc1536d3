import { n, op, mix, lighten, darken, stops, polar } from './svg.js';
import type { CategoryMotif } from './types.js';

/** Education technology: an open book with a mortarboard floating above. */
export const edtech: CategoryMotif = {
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
