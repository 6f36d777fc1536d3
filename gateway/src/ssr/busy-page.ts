import { createHash } from 'node:crypto';
import type { PublicConfig } from '../config/config.js';
import { pagePolicy } from '../security/security-headers.js';

/** The answer to a reader refused because too many pages are being rendered: built once, sent as is. */
export interface BusyPage {
  body: Buffer;
  /** Its Content-Security-Policy: the site's, allowing exactly its one inline style. */
  csp: string;
}

const STYLE = 'body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}a{color:#0b57d0}';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A page with no React render behind it: under a burst of uncached pages every refusal costs a
 * write of these bytes, never a render of the site's error page.
 */
export function busyPage(config: Pick<PublicConfig, 'siteName'>): BusyPage {
  const site = escapeHtml(config.siteName);
  const html = `<!doctype html>
<html lang="en-AU">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Busy right now | ${site}</title><style>${STYLE}</style></head>
<body><main><h1>${site} is busy right now</h1><p>Too many pages are being prepared at this moment. Please try again in a few seconds.</p><p><a href="/">Go to the home page</a></p></main></body>
</html>
`;
  const styleSource = `'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`;
  return { body: Buffer.from(html, 'utf8'), csp: pagePolicy([styleSource]) };
}
