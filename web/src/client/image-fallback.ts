import { placeholderImage, randomFallbackImage, srcSet, imageAt } from '../lib/images';

/** Marks an image already moved to the pool, so a failing pool image goes to the placeholder. */
const STAGE = 'fallback';

/**
 * A card image falls back to a random stock image when it fails to load. Runs
 * for every server-rendered cover (`img[data-cover]`), including those that failed before this
 * script arrived; a pool image that fails too is replaced by an inline placeholder that needs no
 * network, so no reader ever sees a broken image.
 */
export function fallBack(img: HTMLImageElement, random: () => number = Math.random): void {
  if (img.dataset[STAGE] === 'placeholder') return;
  if (img.dataset[STAGE] === 'pool') {
    img.dataset[STAGE] = 'placeholder';
    img.removeAttribute('srcset');
    img.src = placeholderImage(img.dataset.cover ?? '');
    return;
  }
  img.dataset[STAGE] = 'pool';
  const pool = randomFallbackImage(random);
  img.srcset = srcSet(pool);
  img.src = imageAt(pool, 768);
}

function isBroken(img: HTMLImageElement): boolean {
  return img.complete && img.naturalWidth === 0 && Boolean(img.getAttribute('src'));
}

const watched = new WeakSet<Document>();

export function watchImageFailures(doc: Document = document): void {
  for (const img of doc.querySelectorAll<HTMLImageElement>('img[data-cover]')) if (isBroken(img)) fallBack(img);
  if (watched.has(doc)) return;
  watched.add(doc);
  doc.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLImageElement && target.dataset.cover !== undefined) fallBack(target);
    },
    true,
  );
}
