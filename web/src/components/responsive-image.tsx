import type { CSSProperties } from 'react';
import { COVER_ASPECT, fallbackImage, imageAt, srcSet } from '../lib/images';

export interface ResponsiveImageProps {
  src: string | null | undefined;
  alt: string;
  /** The rendered width hint for the browser, e.g. "(min-width: 900px) 33vw, 100vw". */
  sizes: string;
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
  /** Picks the pool image when there is no image, so every render of a page agrees. */
  fallbackSeed?: number;
  style?: CSSProperties;
  className?: string;
}

/**
 * A cover image from the site's media route with a srcset over the offered widths, fixed
 * dimensions (no layout shift), lazy below the fold, and a pool image when it is missing. When it
 * fails to load, the client script (web/src/client/image-fallback.ts) swaps in a pool image, then
 * an inline placeholder: `data-cover` marks the images it looks after.
 */
export function ResponsiveImage({ src, alt, sizes, priority = false, fallbackSeed = 0, style, className }: ResponsiveImageProps) {
  const base = src || fallbackImage(fallbackSeed);
  return (
    <img
      className={className}
      data-cover={base.replace(/^.*\//, '')}
      src={imageAt(base, 768)}
      srcSet={srcSet(base)}
      sizes={sizes}
      alt={alt}
      width={1024}
      height={Math.round((1024 * COVER_ASPECT.height) / COVER_ASPECT.width)}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      style={{ display: 'block', width: '100%', height: 'auto', aspectRatio: `${COVER_ASPECT.width} / ${COVER_ASPECT.height}`, objectFit: 'cover', background: '#dfe6ef', ...style }}
    />
  );
}
