/**
 * The one script every page loads (a few kB): it reads the site settings the server embedded,
 * keeps card images whole, registers the service worker, reports web vitals when idle, and
 * loads the page's islands. Everything else on a page is server-rendered HTML and CSS.
 */
import type { SiteConfig } from '../config/site-settings';
import { refreshAgeLabels } from '../lib/age-label';
import { registerServiceWorker } from '../lib/service-worker';
import { focusMainHeading, rememberNavigationInput } from './focus-heading';
import { reportVitalsWhenIdle } from './idle-vitals';
import { watchImageFailures } from './image-fallback';
import { islandLoaders, loadIslands, type IslandModule } from './load-islands';

const configElement = document.getElementById('site-config');
if (configElement?.textContent) window.__SITE_CONFIG__ = JSON.parse(configElement.textContent) as SiteConfig;

watchImageFailures();
rememberNavigationInput();
focusMainHeading();
// Ages as of now, not as of the render: the page may come from a cache or from the offline copy.
refreshAgeLabels(document);
registerServiceWorker();

// Each island is its own chunk, fetched only by pages that hold it.
const loaders = islandLoaders(import.meta.glob<IslandModule>(['../**/*.island.ts', '../**/*.island.tsx']));
void loadIslands(loaders);

void reportVitalsWhenIdle(() => import('../lib/web-vitals'));
