import { absoluteUrl } from '../../../web/src/entry-server.js';

/**
 * Absolute links in feeds, sitemaps and robots.txt: the SITE_URL origin plus a normalised path, by
 * the same rule as the pages' canonicals (web/src/page-head `absoluteUrl`), so no path
 * (`//evil.example/x`, `/\evil.example/a`, a stored image URL) can name another host.
 * gateway/src/seo/site-url.test.ts holds it to the hostile table.
 */
export function siteUrl(site: string, path: string): string {
  return absoluteUrl({ siteUrl: site }, path);
}
