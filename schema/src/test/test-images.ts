import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Pictures for the cover upload tests, made on the spot: real JPEG, PNG and WebP files (with
 * metadata to strip), formats the site refuses, and a decompression bomb.
 */
export interface PictureOptions {
  width?: number;
  height?: number;
  /** EXIF orientation tag (6: the camera was turned, the picture must be rotated 90°). */
  orientation?: number;
}

/** A picture carrying EXIF (camera owner, GPS-like comment), XMP and an ICC profile. */
export async function testPicture(format: 'jpeg' | 'png' | 'webp', { width = 900, height = 600, orientation }: PictureOptions = {}): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: format === 'png' ? 4 : 3, background: { r: 180, g: 40, b: 90, alpha: 0.8 } } })
    .withExif({ IFD0: { Copyright: 'Private Owner', Artist: 'Secret Photographer', ImageDescription: 'Taken at 12 Example St' } })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"></rdf:RDF></x:xmpmeta>')
    .withIccProfile('p3')
    .withMetadata(orientation ? { orientation } : {});
  return image.toFormat(format).toBuffer();
}

/** A GIF: a real picture in a format covers do not take. */
export function testGif(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).gif().toBuffer();
}

export const TEST_SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>');

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid 1-bit PNG of `side`×`side` pixels (400 megapixels by default),
 * all zeros, so it compresses to a few tens of kilobytes and would decode to hundreds of megabytes.
 */
export function testPngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(side / 8);
  const pixels = deflateSync(Buffer.alloc(rowBytes * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
