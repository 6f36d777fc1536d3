import { type RenderResult, safeJson } from '../../../web/src/entry-server.js';
import type { PublicConfig } from '../config/config.js';

/** Fills the HTML template's slots with the rendered page, its head and the state to hydrate from. */
export function htmlDocument(template: string, page: RenderResult, config: PublicConfig, nonce?: string): string {
  const nonceAttr = nonce ? ` nonce="${nonce}"` : '';
  const state = `<script${nonceAttr}>window.__APOLLO_STATE__=${safeJson(page.state)};window.__SITE_CONFIG__=${safeJson(config)};</script>`;
  const nonceMeta = nonce ? `<meta name="csp-nonce" content="${nonce}">` : '';
  return template
    .replace('<!--app-head-->', `${nonceMeta}${page.head}\n${page.styles}`)
    .replace('<!--app-html-->', page.html)
    .replace('<!--app-state-->', state);
}
