import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { COVER_PATH_PREFIX } from '../../../schema/src/index.js';

/** The query parameter that carries a newsroom preview's signature. */
export const PREVIEW_PARAM = 'preview';
/** An HMAC-SHA256 in base64url. */
const SIGNATURE_LENGTH = 43;

/**
 * Newsroom previews of covers readers cannot load yet (a draft's uploaded picture or generated
 * art): an `<img>` sends no editor token, so the editors' view of such an article carries its cover
 * URL signed for that path (`?preview=<HMAC>`). The signature names the path only, the version of
 * an upload included: a new picture gets a new URL and a new signature.
 */
export interface CoverPreviews {
  /** A cover path with its preview signature; any other URL as it is. */
  sign(imageUrl: string): string;
  /** Whether `signature` is this cover path's. */
  verifies(path: string, signature: unknown): boolean;
}

/**
 * Signed with PREVIEW_SECRET; without one with a key of this process (several processes behind a
 * balancer need the shared secret, or a preview loads only from the process that signed it).
 */
export function coverPreviews(secret: string | null): CoverPreviews {
  const key = secret ?? randomBytes(32).toString('hex');
  const signatureOf = (path: string) => createHmac('sha256', key).update(`cover preview\n${path}`).digest('base64url');
  return {
    sign: (imageUrl) => (imageUrl.startsWith(COVER_PATH_PREFIX) && !imageUrl.includes('?') ? `${imageUrl}?${PREVIEW_PARAM}=${signatureOf(imageUrl)}` : imageUrl),
    verifies(path, signature) {
      if (typeof signature !== 'string' || signature.length !== SIGNATURE_LENGTH) return false;
      return timingSafeEqual(Buffer.from(signature), Buffer.from(signatureOf(path)));
    },
  };
}
