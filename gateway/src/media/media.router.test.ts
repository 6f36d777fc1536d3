// @vitest-environment node
import express from 'express';
import sharp from 'sharp';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  COVER_RATIOS as ASPECT_RATIOS,
  COVER_WIDTHS as IMAGE_WIDTHS,
  FALLBACK_COVER_COUNT as FALLBACK_IMAGE_COUNT,
  OG_COVER_WIDTH as OG_IMAGE_WIDTH,
  coverPath as coverImageUrl,
  fallbackCoverPath as fallbackImageUrl,
  type CoverRatio as AspectRatio,
  ValidationError,
} from '../../../schema/src/index.js';
import { errorHandler } from '../middleware/error-handler.js';
import { CATEGORY_MOTIFS, renderCoverSvg } from './art/index.js';
import { CoverRenderer, DEFAULT_RENDERER_OPTIONS } from './cover-renderer.js';
import { negotiateFormat } from './image-format.js';
import { createMediaRouter } from './media.router.js';

// Every key these tests ask for counts as one the site uses; media-abuse.test.ts covers the others.
const renderer = new CoverRenderer(DEFAULT_RENDERER_OPTIONS);
const app = express()
  .use('/media', createMediaRouter({ coverKeyExists: async () => true, renderer }))
  .use(errorHandler({ exposeInternals: true }));

const KEY = 'cybersecurity--a-some-article-slug';
const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const SAFARI_ACCEPT = 'image/webp,image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5';
const WIDTH_MESSAGE = 'w must be one of 320, 480, 768, 1024, 1200';

/** Image bytes of a GET, in the format the Accept header asks for. */
function getImage(path: string, accept = 'image/jpeg') {
  return request(app).get(path).set('Accept', accept);
}

/** Downscaled RGB pixels, for comparing what two images look like rather than their bytes. */
async function thumbnail(buf: Buffer): Promise<Buffer> {
  return sharp(buf).resize(64, 36, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('negotiateFormat', () => {
  it.each([
    [undefined, 'jpeg'],
    ['', 'jpeg'],
    [CHROME_ACCEPT, 'avif'],
    [SAFARI_ACCEPT, 'webp'],
    ['image/jpeg', 'jpeg'],
    ['IMAGE/AVIF', 'avif'],
    ['image/webp;q=0.5, image/avif;q=0.1', 'avif'],
    ['image/avif;q=0, image/webp', 'webp'],
    ['image/avif; q=0.0, image/webp;q=0, */*', 'jpeg'],
    ['image/avif;q=0.000, image/webp;q=0.001', 'webp'],
    // Wildcards do not prove AVIF/WebP support: legacy browsers send them too.
    ['image/*', 'jpeg'],
    ['*/*', 'jpeg'],
    ['image/avif;q=abc', 'jpeg'],
    ['text/html,,;', 'jpeg'],
  ] as const)('%j -> %s', (accept, expected) => {
    const req = Object.create(express.request, { headers: { value: accept === undefined ? {} : { accept } } });
    expect(negotiateFormat(req)).toBe(expected);
  });

  it('offers AVIF up to a 1200-wide 16:9 cover; a larger variant is WebP, or JPEG when WebP is refused', () => {
    const req = (accept: string) => Object.create(express.request, { headers: { value: { accept } } });
    expect(negotiateFormat(req('image/avif,image/webp'), { width: 1200, ratio: '16x9' })).toBe('avif');
    expect(negotiateFormat(req('image/avif,image/webp'), { width: 1200, ratio: '1x1' })).toBe('webp');
    expect(negotiateFormat(req('image/avif,image/webp;q=0'), { width: 1200, ratio: '1x1' })).toBe('jpeg');
  });
});

describe('URL helpers', () => {
  it('builds cover and fallback URLs', () => {
    expect(coverImageUrl(KEY)).toBe(`/media/covers/${KEY}`);
    expect(fallbackImageUrl(3)).toBe('/media/covers/fallback-3');
  });
});

describe('GET /media/covers/:key sizes', () => {
  const widths = [...IMAGE_WIDTHS, OG_IMAGE_WIDTH];
  const ratios = Object.keys(ASPECT_RATIOS) as AspectRatio[];

  it.each(widths.flatMap((w) => ratios.map((ratio) => [w, ratio] as const)))(
    'w=%i ratio=%s gives exactly that many pixels',
    async (w, ratio) => {
      const res = await getImage(`/media/covers/${KEY}?w=${w}&ratio=${ratio}`).expect(200);
      const meta = await sharp(res.body as Buffer).metadata();
      expect(meta.width).toBe(w);
      expect(meta.height).toBe(Math.round(w / ASPECT_RATIOS[ratio]));
    },
    20_000,
  );

  it('defaults to 1024 wide, 16:9', async () => {
    const res = await getImage(`/media/covers/${KEY}`).expect(200);
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 576]);
  });

  it('ignores unknown query parameters', async () => {
    const res = await getImage(`/media/covers/${KEY}?w=320&utm_source=x&foo=bar`).expect(200);
    expect((await sharp(res.body as Buffer).metadata()).width).toBe(320);
  });
});

describe('GET /media/covers/:key format negotiation', () => {
  it.each([
    [CHROME_ACCEPT, 'image/avif', 'heif'],
    [SAFARI_ACCEPT, 'image/webp', 'webp'],
    ['image/jpeg', 'image/jpeg', 'jpeg'],
    ['image/avif;q=0,image/webp;q=0', 'image/jpeg', 'jpeg'],
  ])('Accept %j -> %s', async (accept, contentType, sharpFormat) => {
    const res = await getImage(`/media/covers/${KEY}?w=480`, accept).expect(200);
    expect(res.headers['content-type']).toBe(contentType);
    const meta = await sharp(res.body as Buffer).metadata();
    expect(meta.format).toBe(sharpFormat);
    if (contentType === 'image/avif') expect(meta.compression).toBe('av1');
    expect(meta.width).toBe(480);
  });

  it('serves JPEG when there is no Accept header', async () => {
    const res = await request(app).get(`/media/covers/${KEY}?w=320`).unset('Accept').expect(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });
});

describe('GET /media/covers/:key formats by size', () => {
  it('answers a square 1200-wide variant asked for as AVIF in WebP, and a 16:9 one in AVIF', async () => {
    const square = await getImage(`/media/covers/${KEY}?w=1200&ratio=1x1`, 'image/avif,image/webp,*/*').expect(200);
    expect(square.headers['content-type']).toBe('image/webp');
    const wide = await getImage(`/media/covers/${KEY}?w=1200&ratio=16x9`, 'image/avif,image/webp,*/*').expect(200);
    expect(wide.headers['content-type']).toBe('image/avif');
  });
});

describe('GET /media/covers/:key caching', () => {
  const path = `/media/covers/${KEY}?w=320`;

  it('sends immutable cache headers, Vary: Accept and a strong ETag', async () => {
    const res = await getImage(path).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/\bAccept\b/);
    expect(res.headers['etag']).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  it('ETag depends on key, width, ratio and format, and nothing else', async () => {
    const etag = async (p: string, accept = 'image/jpeg') => (await getImage(p, accept).expect(200)).headers['etag'];
    const base = await etag(path);
    expect(await etag(`${path}&unrelated=1`)).toBe(base);
    const variants = await Promise.all([
      etag(`/media/covers/${KEY}?w=480`),
      etag(`${path}&ratio=1x1`),
      etag(path, 'image/webp'),
      etag(`/media/covers/cybersecurity--another-article?w=320`),
    ]);
    expect(new Set([base, ...variants]).size).toBe(5);
  });

  it('answers 304 when If-None-Match matches', async () => {
    const { headers } = await getImage(path).expect(200);
    const res = await getImage(path).set('If-None-Match', headers['etag']!).expect(304);
    expect(res.headers['etag']).toBe(headers['etag']);
    expect(res.headers['vary']).toMatch(/\bAccept\b/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toHaveLength(0);
    await getImage(path).set('If-None-Match', `"other", ${headers['etag']}`).expect(304);
  });

  it('answers 200 when If-None-Match does not match, including another format’s ETag', async () => {
    const webp = await getImage(path, 'image/webp').expect(200);
    await getImage(path).set('If-None-Match', '"nope"').expect(200);
    const res = await getImage(path, 'image/jpeg').set('If-None-Match', webp.headers['etag']!).expect(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('supports HEAD with the same headers and no body', async () => {
    const get = await getImage(path).expect(200);
    const head = await request(app).head(path).set('Accept', 'image/jpeg').expect(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(head.headers['etag']).toBe(get.headers['etag']);
    expect(head.headers['content-length']).toBe(String((get.body as Buffer).length));
    expect(head.headers['cache-control']).toBe(get.headers['cache-control']);
    await request(app).head(path).set('Accept', 'image/jpeg').set('If-None-Match', get.headers['etag']!).expect(304);
  });
});

describe('cover artwork', () => {
  it('is deterministic: the same key gives byte-identical images', async () => {
    const a = await getImage(`/media/covers/${KEY}?w=768&ratio=4x3`).expect(200);
    renderer.clear();
    const b = await getImage(`/media/covers/${KEY}?w=768&ratio=4x3`).expect(200);
    expect(Buffer.compare(a.body as Buffer, b.body as Buffer)).toBe(0);
    expect(renderCoverSvg(KEY, 768, 576)).toBe(renderCoverSvg(KEY, 768, 576));
  });

  it.each(Object.keys(CATEGORY_MOTIFS))('different %s articles get visibly different covers', async (category) => {
    const [a, b] = await Promise.all(
      [`${category}--first-story`, `${category}--second-story`].map((key) =>
        renderer.render({ key, width: 320, ratio: '16x9', format: 'jpeg' }).then(thumbnail),
      ),
    );
    expect(meanAbsDiff(a!, b!)).toBeGreaterThan(4);
  });

  const keys = [
    ...Object.keys(CATEGORY_MOTIFS).map((c) => `${c}--sample-article`),
    'not-a-known-category--sample-article',
    'edtech',
    ...Array.from({ length: FALLBACK_IMAGE_COUNT }, (_, i) => `fallback-${i}`),
  ];

  it.each(keys)('%s renders a non-blank, text-free picture', async (key) => {
    const svg = renderCoverSvg(key, 480, 270);
    expect(svg).not.toMatch(/<text|<tspan|href=/);
    const res = await getImage(`/media/covers/${key}?w=320`).expect(200);
    const img = sharp(res.body as Buffer);
    const [meta, stats] = await Promise.all([img.metadata(), img.stats()]);
    expect([meta.width, meta.height]).toEqual([320, 180]);
    // A failed SVG parse would come back blank or flat.
    expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(5);
  });

  it('fallback covers differ from each other', async () => {
    const thumbs = await Promise.all(
      Array.from({ length: FALLBACK_IMAGE_COUNT }, (_, i) =>
        renderer.render({ key: `fallback-${i}`, width: 320, ratio: '16x9', format: 'jpeg' }).then(thumbnail),
      ),
    );
    for (let i = 1; i < thumbs.length; i++) expect(meanAbsDiff(thumbs[0]!, thumbs[i]!)).toBeGreaterThan(4);
  });

  it('keeps the composition across aspect ratios (same colours, different crop)', async () => {
    const wide = await renderer.render({ key: KEY, width: 320, ratio: '16x9', format: 'jpeg' });
    const square = await renderer.render({ key: KEY, width: 320, ratio: '1x1', format: 'jpeg' });
    const [ws, ss] = await Promise.all([sharp(wide).stats(), sharp(square).stats()]);
    expect(Math.abs(ws.channels[1]!.mean - ss.channels[1]!.mean)).toBeLessThan(25);
  });
});

describe('bad input', () => {
  it.each([
    [`/media/covers/${KEY}?w=999`, WIDTH_MESSAGE],
    [`/media/covers/${KEY}?w=abc`, WIDTH_MESSAGE],
    [`/media/covers/${KEY}?w=`, WIDTH_MESSAGE],
    [`/media/covers/${KEY}?w=1024.0`, WIDTH_MESSAGE],
    [`/media/covers/${KEY}?w=-320`, WIDTH_MESSAGE],
    [`/media/covers/${KEY}?w=1e3`, WIDTH_MESSAGE],
    [`/media/covers/${KEY}?w=99999999999999999999`, WIDTH_MESSAGE],
    [`/media/covers/${KEY}?w=320&w=480`, WIDTH_MESSAGE],
    [`/media/covers/${KEY}?ratio=21x9`, 'ratio must be one of 16x9, 4x3, 1x1'],
    [`/media/covers/${KEY}?ratio=`, 'ratio must be one of 16x9, 4x3, 1x1'],
    [`/media/covers/${KEY}?ratio=constructor`, 'ratio must be one of 16x9, 4x3, 1x1'],
    [`/media/covers/${KEY}?ratio=__proto__`, 'ratio must be one of 16x9, 4x3, 1x1'],
    ['/media/covers/Cybersecurity--Upper-Case', 'key is malformed'],
    ['/media/covers/cyber_security', 'key is malformed'],
    ['/media/covers/a---b', 'key is malformed'],
    ['/media/covers/a--b--c', 'key is malformed'],
    ['/media/covers/-leading', 'key is malformed'],
    ['/media/covers/trailing-', 'key is malformed'],
    ['/media/covers/photo.jpg', 'key is malformed'],
    ['/media/covers/%2E%2E%2Fetc%2Fpasswd', 'key is malformed'],
    ['/media/covers/caf%C3%A9', 'key is malformed'],
    [`/media/covers/${'a'.repeat(161)}`, 'key must be at most 160 characters'],
  ])('%s -> 400', async (path, message) => {
    const res = await getImage(path).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.message).toContain(message);
  });

  it('accepts a key of exactly 160 characters', async () => {
    await getImage(`/media/covers/${'a'.repeat(160)}?w=320`).expect(200);
  });

  it('the renderer rejects what the router would refuse', async () => {
    const base = { key: KEY, width: 320, ratio: '16x9', format: 'jpeg' } as const;
    await expect(renderer.render({ ...base, key: 'Bad Key' })).rejects.toBeInstanceOf(ValidationError);
    await expect(renderer.render({ ...base, width: 321 })).rejects.toThrow(WIDTH_MESSAGE);
    await expect(renderer.render({ ...base, ratio: '2x1' as AspectRatio })).rejects.toThrow(/ratio/);
  });
});

describe('render cache', () => {
  beforeEach(() => renderer.clear());

  it('shares one render between concurrent identical requests and memoises it', async () => {
    const opts = { key: 'edtech--cache-test', width: 480, ratio: '4x3', format: 'webp' } as const;
    const first = renderer.render(opts);
    const second = renderer.render(opts);
    expect(renderer.stats().inFlight).toBe(1);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(await renderer.render(opts)).toBe(a);
    expect(renderer.stats()).toMatchObject({ entries: 1, bytes: a.byteLength, inFlight: 0 });
  });

  it('keeps rendered variants within its byte budget, evicting the least recently used', async () => {
    const bytes = (n: number) => async () => Buffer.alloc(n);
    const sizes: Record<string, number> = { a: 4, b: 4, c: 4, d: 8, huge: 11 };
    const renderer = new CoverRenderer({
      maxBytes: 10,
      queue: { running: 1, waiting: 10, retryAfterSeconds: 1 },
      rasterise: (opts) => bytes(sizes[opts.key]!)(),
    });
    const at = (key: string) => ({ key, width: 320, ratio: '16x9', format: 'jpeg' }) as const;
    const has = (key: string) => renderer.cached(at(key)) !== undefined;
    await renderer.render(at('a'));
    await renderer.render(at('b'));
    renderer.cached(at('a'));
    await renderer.render(at('c'));
    expect([has('a'), has('b'), has('c')]).toEqual([true, false, true]);
    await renderer.render(at('d'));
    expect([has('a'), has('c'), has('d')]).toEqual([false, false, true]);
    expect(renderer.stats().bytes).toBe(8);
    await renderer.render(at('huge'));
    expect(has('huge')).toBe(false);
    expect(renderer.stats().entries).toBe(1);
  });
});

describe('brand images', () => {
  it.each([
    ['/media/brand/logo.png', 512, 512],
    ['/media/brand/logo-600x60.png', 600, 60],
  ])('%s is a %ix%i PNG with immutable caching and 304 support', async (path, width, height) => {
    const res = await request(app).get(path).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['etag']).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
    await request(app).get(path).set('If-None-Match', res.headers['etag']!).expect(304);
    const head = await request(app).head(path).expect(200);
    expect(head.headers['content-length']).toBe(String((res.body as Buffer).length));
  });

  it('uses brand blue in the logo', async () => {
    const res = await request(app).get('/media/brand/logo.png').expect(200);
    const { data } = await sharp(res.body as Buffer).extract({ left: 256, top: 440, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    // Near #0b5cad: clearly blue-dominant.
    expect(data[2]!).toBeGreaterThan(data[0]! + 80);
  });
});
