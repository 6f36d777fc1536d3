import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PayloadTooLargeError, ValidationError } from '../../lib/errors.js';
import { TEST_SVG, testGif, testPicture, testPngBomb } from '../../test/test-images.js';
import { COVER_BASE64_MAX_LENGTH, COVER_UPLOAD_LIMITS, decodeBase64Cover, prepareCover, sniffCoverFormat } from './cover-upload.validation.js';

/** What an uploaded cover must be (decision 023): checked by content, re-encoded, stripped. */
async function refusal(promise: Promise<unknown>): Promise<ValidationError | PayloadTooLargeError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error instanceof ValidationError || error instanceof PayloadTooLargeError, String(error)).toBe(true);
  const typed = error as ValidationError | PayloadTooLargeError;
  expect(typed.fields.map((f) => f.field)).toEqual(['cover']);
  return typed;
}

describe('prepareCover', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('re-encodes a %s as a WebP master with no metadata left', async (format) => {
    const original = await testPicture(format);
    const before = await sharp(original).metadata();
    expect(before.exif && before.xmp && before.icc).toBeTruthy();
    const cover = await prepareCover(original);
    const after = await sharp(cover.data).metadata();
    expect(after.format).toBe('webp');
    expect([after.width, after.height, cover.width, cover.height]).toEqual([900, 600, 900, 600]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(cover.data.includes(Buffer.from('Secret Photographer'))).toBe(false);
    expect(cover.version).toMatch(/^[0-9a-f]{16}$/);
  });

  it('turns the picture upright by its EXIF orientation, then drops the tag', async () => {
    const cover = await prepareCover(await testPicture('jpeg', { width: 900, height: 600, orientation: 6 }));
    expect([cover.width, cover.height]).toEqual([600, 900]);
    expect((await sharp(cover.data).metadata()).orientation).toBeUndefined();
  });

  it('fits the master within 1600 pixels and never enlarges', async () => {
    const big = await prepareCover(await testPicture('jpeg', { width: 4800, height: 1200 }));
    expect([big.width, big.height]).toEqual([1600, 400]);
    const small = await prepareCover(await testPicture('png', { width: 200, height: 100 }));
    expect([small.width, small.height]).toEqual([200, 100]);
  });

  it('gives a new picture a new version and the same picture the same one', async () => {
    const a = await prepareCover(await testPicture('jpeg'));
    const again = await prepareCover(await testPicture('jpeg'));
    const b = await prepareCover(await testPicture('jpeg', { width: 901 }));
    expect(again.version).toBe(a.version);
    expect(b.version).not.toBe(a.version);
  });

  it('refuses text named like a picture, GIF and SVG by their content', async () => {
    for (const bytes of [Buffer.from('just some text, saved as photo.jpg'), await testGif(), TEST_SVG]) {
      const error = await refusal(prepareCover(bytes));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toMatch(/JPEG, PNG or WebP/);
    }
  });

  it('refuses a damaged picture with the right first bytes as a 400, not a crash', async () => {
    const jpeg = await testPicture('jpeg');
    const error = await refusal(prepareCover(jpeg.subarray(0, 200)));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/could not be read/);
  });

  it('refuses a decompression bomb from its header, before decoding a pixel', async () => {
    const bomb = testPngBomb();
    expect(bomb.length).toBeLessThan(100_000);
    // The message quotes the header's declared size: the refusal came before any decoding.
    const error = await refusal(prepareCover(bomb));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/at most 60 megapixels; this one declares 20000×20000/);
  });

  it('refuses more than 10 MB as too large and an empty file as invalid', async () => {
    const tooLarge = Buffer.alloc(COVER_UPLOAD_LIMITS.maxBytes + 1);
    tooLarge.set([0xff, 0xd8, 0xff]);
    expect(await refusal(prepareCover(tooLarge))).toBeInstanceOf(PayloadTooLargeError);
    expect(await refusal(prepareCover(Buffer.alloc(0)))).toBeInstanceOf(ValidationError);
  });
});

describe('sniffCoverFormat', () => {
  it('reads the format from the first bytes only', async () => {
    expect(sniffCoverFormat(await testPicture('jpeg'))).toBe('jpeg');
    expect(sniffCoverFormat(await testPicture('png'))).toBe('png');
    expect(sniffCoverFormat(await testPicture('webp'))).toBe('webp');
    expect(sniffCoverFormat(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  });
});

describe('decodeBase64Cover', () => {
  it('decodes base64, with or without a data: prefix', async () => {
    const png = await testPicture('png');
    expect(decodeBase64Cover(png.toString('base64')).equals(png)).toBe(true);
    expect(decodeBase64Cover(`data:image/png;base64,${png.toString('base64')}`).equals(png)).toBe(true);
    expect(decodeBase64Cover(png.toString('base64url')).equals(png)).toBe(true);
  });

  it('refuses what is not base64 and measures the text before decoding it', async () => {
    for (const text of ['', 'not base64 at all!', 'abc$', 'A']) {
      expect(() => decodeBase64Cover(text)).toThrow(ValidationError);
    }
    expect(() => decodeBase64Cover('A'.repeat(COVER_BASE64_MAX_LENGTH + 4))).toThrow(PayloadTooLargeError);
  });
});
