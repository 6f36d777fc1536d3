import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { COVER_ASPECT, fallbackImage, imageAt, randomFallbackImage, srcSet } from '../lib/images';

export interface ResponsiveImageProps {
  src: string | null | undefined;
  alt: string;
  /** The rendered width hint for the browser, e.g. "(min-width: 900px) 33vw, 100vw". */
  sizes: string;
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
  /** Seeds the fallback when there is no image, so server and browser agree. */
  fallbackSeed?: number;
  style?: CSSProperties;
  className?: string;
}

/**
 * A cover image from the site's media route with a srcset over the offered widths, fixed
 * dimensions (no layout shift), lazy below the fold, and a pool image when it is missing or broken.
 */
export function ResponsiveImage({ src, alt, sizes, priority = false, fallbackSeed = 0, style, className }: ResponsiveImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [fallback, setFallback] = useState<string | null>(null);
  const base = !src || failedSrc === src ? (fallback ?? fallbackImage(fallbackSeed)) : src;
  const ref = useRef<HTMLImageElement>(null);
  const fail = () => {
    if (base === src) {
      setFailedSrc(src);
      setFallback(randomFallbackImage());
    }
  };
  // A server-rendered image can fail before React attaches onError: check once mounted.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) fail();
    // Only the first render's image can have failed unseen.
  }, []);
  return (
    <img
      ref={ref}
      className={className}
      src={imageAt(base, 768)}
      srcSet={srcSet(base)}
      sizes={sizes}
      alt={alt}
      width={1024}
      height={Math.round((1024 * COVER_ASPECT.height) / COVER_ASPECT.width)}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      onError={fail}
      style={{ display: 'block', width: '100%', height: 'auto', aspectRatio: `${COVER_ASPECT.width} / ${COVER_ASPECT.height}`, objectFit: 'cover', background: '#dfe6ef', ...style }}
    />
  );
}
