import createCache from '@emotion/cache';

/** The same key on server and client so critical CSS extracted on the server hydrates. */
export const EMOTION_KEY = 'css';

/**
 * No stylis plugins: Emotion's default prefixer writes -webkit-, -moz- and -ms- copies of hundreds of
 * declarations (795 on the home page, about a fifth of its inline CSS) that the browsers the site
 * supports do not need. Prefixes a component really needs are written in its styles.
 */
export function createEmotionCache() {
  return createCache({ key: EMOTION_KEY, prepend: true, stylisPlugins: [] });
}
