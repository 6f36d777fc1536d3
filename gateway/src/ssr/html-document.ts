import { createHash } from 'node:crypto';
import { COLOR_SCHEME_ATTRIBUTE, type ColorScheme, type RenderResult, safeJson } from '../../../web/src/entry-server.js';
import type { PublicConfig } from '../config/config.js';

export interface HtmlDocument {
  html: string;
  /** CSP sources ('sha256-…') that allow exactly this document's inline <style> elements. */
  styleSources: string[];
}

function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

// The theme's global styles are the same objects on every page (decision 038): hashed once.
const styleHashes = new WeakMap<RenderResult['styles'][number], string>();

function styleSource(style: RenderResult['styles'][number]): string {
  let hash = styleHashes.get(style);
  if (hash === undefined) {
    hash = cspHash(style.css);
    if (Object.isFrozen(style)) styleHashes.set(style, hash);
  }
  return hash;
}

/** Each slot is filled by position, never by String.replace patterns, so `$&` or `$'` in a page stay text. */
function fill(template: string, slots: Record<string, string>): string {
  return template.replace(/<!--app-(head|html|state)-->/g, (_match, name: string) => slots[name] ?? '');
}

/**
 * Fills the HTML template's slots with the rendered page: its head, its critical CSS (allowed by
 * hash, so the bytes are the same for every reader and can be cached), the page's markup, the
 * public settings as a JSON data block, and preloads of the page's island code.
 */
export function htmlDocument(
  template: string,
  page: RenderResult,
  config: PublicConfig,
  preloads: readonly string[] = [],
  colorScheme: ColorScheme | null = null,
): HtmlDocument {
  const styles = page.styles.map((s) => `<style data-emotion="${s.key} ${s.ids}">${s.css}</style>`).join('');
  const links = preloads.map((href) => `<link rel="modulepreload" href="${href}">`).join('');
  const html = fill(template, {
    head: `${page.head}\n${links}${styles}`,
    html: page.html,
    state: `<script type="application/json" id="site-config">${safeJson(config)}</script>`,
  });
  // The reader's own colour scheme choice; without one the page follows the system's.
  const themed = colorScheme ? html.replace(/<html\b/, () => `<html ${COLOR_SCHEME_ATTRIBUTE}="${colorScheme}"`) : html;
  return { html: themed, styleSources: page.styles.map(styleSource) };
}
