/**
 * Absolute links in feeds, sitemaps and robots.txt: the SITE_URL origin plus a normalised path.
 * Backslashes read as slashes (as URL parsers do for http), tabs and line breaks are dropped, and
 * leading slashes collapse to one, so no path (`//evil.example/x`, `/\evil.example/a`, a stored
 * image URL) can name another host. The same rule as the pages' `absoluteUrl` (web/src/page-head);
 * gateway/src/seo/site-url.test.ts holds both to the same table.
 */
export function siteUrl(site: string, path: string): string {
  const origin = new URL(site).origin;
  const normalised = `/${path.replace(/[\t\n\r]/g, '').replace(/\\/g, '/').replace(/^\/+/, '')}`;
  const url = new URL(normalised, origin);
  // Dot segments resolve after parsing (`/a/../..//evil.example`): collapse leading slashes again.
  url.pathname = url.pathname.replace(/^\/{2,}/, '/');
  return url.origin === origin ? url.toString() : `${origin}/`;
}
