import type { SiteConfig } from '../config/site-config';
import { markdownPathFor } from './markdown-alternate';
import type { PageHead } from './render-collector';

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 675;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** JSON inside <script> must not be able to close the element. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * A site-relative path as a path of this site: backslashes read as slashes (as URL parsers do for
 * http), tabs and line breaks dropped (parsers drop them too), and any run of leading slashes made
 * one, so `//evil.example/x`, `/\evil.example/a` or `///evil.example` can never name another host.
 */
export function sitePath(path: string): string {
  return `/${path.replace(/[\t\n\r]/g, '').replace(/\\/g, '/').replace(/^\/+/, '')}`;
}

/**
 * The SITE_URL origin plus a normalised path (and its query and fragment): canonicals, og:url,
 * feeds and structured data never point anywhere else, whatever path a request carried.
 */
export function absoluteUrl(config: Pick<SiteConfig, 'siteUrl'>, path: string): string {
  const origin = new URL(config.siteUrl).origin;
  const url = new URL(sitePath(path), origin);
  // Dot segments resolve after parsing (`/a/../..//evil.example`): collapse leading slashes again.
  url.pathname = url.pathname.replace(/^\/{2,}/, '/');
  return url.origin === origin ? url.toString() : `${origin}/`;
}

/** The page's head elements, each marked `data-page-head` so a rendered page's head can be replaced as a whole. */
export function headTags(head: PageHead, config: SiteConfig): string {
  const canonical = absoluteUrl(config, head.path);
  const image = absoluteUrl(config, `${head.image ?? '/media/covers/fallback-1'}?w=${OG_IMAGE_WIDTH}`);
  const tags: string[] = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta name="robots" content="${head.noindex ? 'noindex' : 'index, follow, max-image-preview:large'}">`,
    `<meta property="og:site_name" content="${escapeHtml(config.siteName)}">`,
    `<meta property="og:locale" content="en_AU">`,
    `<meta property="og:type" content="${head.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:image:width" content="${OG_IMAGE_WIDTH}">`,
    `<meta property="og:image:height" content="${OG_IMAGE_HEIGHT}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
  ];
  if (head.publishedTime) tags.push(`<meta property="article:published_time" content="${escapeHtml(head.publishedTime)}">`);
  if (head.modifiedTime) tags.push(`<meta property="article:modified_time" content="${escapeHtml(head.modifiedTime)}">`);
  if (head.section) tags.push(`<meta property="article:section" content="${escapeHtml(head.section)}">`);
  if (head.fediverseCreator) tags.push(`<meta name="fediverse:creator" content="${escapeHtml(head.fediverseCreator)}">`);
  for (const feed of head.feeds ?? []) {
    tags.push(`<link rel="alternate" type="application/rss+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(absoluteUrl(config, feed.href))}">`);
    // The same feed as JSON Feed 1.1, beside each RSS feed.
    if (feed.href.endsWith('/rss.xml')) {
      tags.push(`<link rel="alternate" type="application/feed+json" title="${escapeHtml(feed.title)}" href="${escapeHtml(absoluteUrl(config, feed.href.replace(/rss\.xml$/, 'feed.json')))}">`);
    }
  }
  // The page's text as Markdown, for agents (answered by the gateway's seo/agent-read.routes.ts).
  const markdown = head.noindex ? null : markdownPathFor(head.path);
  if (markdown) tags.push(`<link rel="alternate" type="text/markdown" href="${escapeHtml(absoluteUrl(config, markdown))}">`);
  for (const data of head.jsonLd ?? []) tags.push(`<script type="application/ld+json">${safeJson(data)}</script>`);
  return tags.map((t) => t.replace(/^<(\w+)/, '<$1 data-page-head')).join('\n');
}
