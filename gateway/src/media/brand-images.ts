import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { renderBannerSvg, renderLogoSvg } from './art/index.js';

export type BrandAsset = 'logo' | 'banner';

const brandCache = new Map<BrandAsset, Promise<{ body: Buffer; etag: string }>>();

/** Publisher logo (512×512) or banner (600×60) as PNG, rendered once per process. */
export function renderBrandImage(asset: BrandAsset): Promise<{ body: Buffer; etag: string }> {
  let job = brandCache.get(asset);
  if (!job) {
    const svg = asset === 'logo' ? renderLogoSvg() : renderBannerSvg();
    job = sharp(Buffer.from(svg))
      .png({ compressionLevel: 9, palette: false })
      .toBuffer()
      .then((body) => ({ body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` }));
    // A failed render must not stick: the next request retries.
    job.catch(() => brandCache.delete(asset));
    brandCache.set(asset, job);
  }
  return job;
}
