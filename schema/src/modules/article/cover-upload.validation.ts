import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { UPLOADED_COVER_VERSION_LENGTH } from '../../lib/cover-url.js';
import { PayloadTooLargeError, ValidationError } from '../../lib/errors.js';

/** The rules of an uploaded cover, for REST and GraphQL alike. */
export const COVER_UPLOAD_LIMITS = {
  /** Bytes of the file as sent (10 MB). */
  maxBytes: 10 * 1024 * 1024,
  /**
   * Pixels the decoder may be asked for: a 50-megapixel phone photo fits, a small file declaring
   * 20000×20000 (a decompression bomb) is refused from its header, before any pixel is decoded.
   */
  maxPixels: 60_000_000,
  /**
   * The stored master fits in this square: more than any width the site serves (1200). Kept near
   * it because decoding to it is what an upload costs in memory: a 24-megapixel JPEG decodes
   * (shrunk on load) with about 26 MB more resident memory for 1600, 76 MB for 2400.
   */
  masterMaxSide: 1600,
} as const;

/** Characters of a base64 cover (GraphQL): 4 for every 3 bytes, checked before decoding. */
export const COVER_BASE64_MAX_LENGTH = Math.ceil(COVER_UPLOAD_LIMITS.maxBytes / 3) * 4;

export const COVER_FORMATS = ['jpeg', 'png', 'webp'] as const;
export type CoverFormat = (typeof COVER_FORMATS)[number];

/** What an uploaded picture is for: the field its errors name, the word for it, the side its master fits in. */
export interface PictureUse {
  field: string;
  noun: string;
  masterMaxSide: number;
}

export const COVER_PICTURE: PictureUse = { field: 'cover', noun: 'Cover', masterMaxSide: COVER_UPLOAD_LIMITS.masterMaxSide };

const typeMessage = (use: PictureUse) => `${use.noun} must be a JPEG, PNG or WebP image`;
const tooLargeMessage = (use: PictureUse) => `${use.noun} must be at most ${COVER_UPLOAD_LIMITS.maxBytes / 1024 / 1024} MB`;

/** A cover ready to store: the re-encoded master (WebP, no metadata) and its version. */
export interface PreparedCover {
  data: Buffer;
  width: number;
  height: number;
  /** First hex digits of the master's SHA-256: a new picture, a new URL. */
  version: string;
}

function invalid(message: string, use: PictureUse = COVER_PICTURE): ValidationError {
  return new ValidationError(message, [{ field: use.field, message }]);
}

/** 413 naming the picture's field. */
export function coverTooLarge(use: PictureUse = COVER_PICTURE): PayloadTooLargeError {
  const message = tooLargeMessage(use);
  return new PayloadTooLargeError(message, [{ field: use.field, message }]);
}

/** The format by its first bytes (magic numbers), never by a name or a declared type. */
export function sniffCoverFormat(bytes: Uint8Array): CoverFormat | null {
  const starts = (offset: number, ...expected: number[]) => expected.every((byte, i) => bytes[offset + i] === byte);
  if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  // RIFF....WEBP
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

/**
 * Checks an uploaded picture by its content and re-encodes it: JPEG, PNG or WebP only, at most
 * 10 MB and 60 megapixels; turned upright per its EXIF orientation, fitted within 1600 pixels,
 * written as WebP without any metadata (EXIF, GPS, XMP, ICC: sharp keeps none unless asked).
 * @throws ValidationError (field `cover`) or PayloadTooLargeError
 */
export async function prepareCover(bytes: Buffer, use: PictureUse = COVER_PICTURE): Promise<PreparedCover> {
  if (bytes.length === 0) throw invalid(`${use.noun} is an empty file`, use);
  if (bytes.length > COVER_UPLOAD_LIMITS.maxBytes) throw coverTooLarge(use);
  const sniffed = sniffCoverFormat(bytes);
  if (!sniffed) throw invalid(`${typeMessage(use)} (checked by its content, not its name)`, use);
  const decoderOptions = { limitInputPixels: COVER_UPLOAD_LIMITS.maxPixels };
  let header: Metadata;
  try {
    // Reads the header only (so no pixel limit yet): the declared size is known before anything is decoded.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid(`${use.noun} could not be read: the file is damaged or not a complete image`, use);
  }
  if (header.format !== sniffed) throw invalid(`${typeMessage(use)} (checked by its content, not its name)`, use);
  const { width = 0, height = 0 } = header;
  if (width * height > COVER_UPLOAD_LIMITS.maxPixels) {
    throw invalid(`${use.noun} must be at most ${COVER_UPLOAD_LIMITS.maxPixels / 1_000_000} megapixels; this one declares ${width}×${height}`, use);
  }
  try {
    const { data, info } = await sharp(bytes, decoderOptions)
      .rotate()
      .resize({ width: use.masterMaxSide, height: use.masterMaxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    const version = createHash('sha256').update(data).digest('hex').slice(0, UPLOADED_COVER_VERSION_LENGTH);
    return { data, width: info.width, height: info.height, version };
  } catch {
    throw invalid(`${use.noun} could not be read: the file is damaged or not a complete image`, use);
  }
}

/**
 * A base64 cover (GraphQL), its length checked before decoding so an oversized string is never
 * turned into bytes. Standard or URL-safe alphabet, padding optional; a `data:image/...;base64,`
 * prefix is accepted.
 * @throws ValidationError (field `cover`) or PayloadTooLargeError
 */
export function decodeBase64Cover(text: string): Buffer {
  const body = text.replace(/^data:[a-z0-9.+/-]*;base64,/i, '');
  if (body.length > COVER_BASE64_MAX_LENGTH + 2) throw coverTooLarge();
  if (body.length === 0) throw invalid('Cover is empty');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(body) || body.length % 4 === 1) throw invalid('Cover must be base64: the image bytes in the base64 alphabet');
  const bytes = Buffer.from(body, 'base64');
  if (bytes.length > COVER_UPLOAD_LIMITS.maxBytes) throw coverTooLarge();
  return bytes;
}

