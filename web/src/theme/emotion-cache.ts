import createCache from '@emotion/cache';

/** The same key on server and client so critical CSS extracted on the server hydrates. */
export const EMOTION_KEY = 'css';

export function createEmotionCache() {
  return createCache({ key: EMOTION_KEY, prepend: true });
}
