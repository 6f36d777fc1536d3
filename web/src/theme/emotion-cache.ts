import createCache, { type StylisPlugin } from '@emotion/cache';

/** The same key on server and client so critical CSS extracted on the server hydrates. */
export const EMOTION_KEY = 'css';

/**
 * One array for every cache: on the server Emotion keeps the CSS it compiled per plugin list (by
 * identity), so every render after the first reuses it; a new array per render compiled each style
 * again for every reader (about a tenth of a page's render). It holds one string per distinct style
 * the site has, so it stops growing once every page has been rendered.
 */
const NO_STYLIS_PLUGINS: StylisPlugin[] = [];

/**
 * No stylis plugins: Emotion's default prefixer writes -webkit-, -moz- and -ms- copies of hundreds of
 * declarations (795 on the home page, about a fifth of its inline CSS) that the browsers the site
 * supports do not need. Prefixes a component really needs are written in its styles.
 */
export function createEmotionCache() {
  return createCache({ key: EMOTION_KEY, prepend: true, stylisPlugins: NO_STYLIS_PLUGINS });
}
