import MarkdownIt from 'markdown-it';

/** Characters a browser drops from an address before reading its scheme ("java\tscript:"). */
const IGNORED_IN_ADDRESS = /[\u0000-\u0020\u007F-\u009F\u00AD\u200B-\u200F\u2028\u2029\uFEFF]/g;
/** A scheme is whatever comes before the first colon, if no /, ? or # comes first. */
const SCHEME = /^([^/?#]*):/;
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

/** Links and pictures may go to http(s), mailto and addresses on the site (relative); nothing else. */
export function isAllowedLink(url: string): boolean {
  const scheme = SCHEME.exec(url.replace(IGNORED_IN_ADDRESS, ''));
  return !scheme || ALLOWED_SCHEMES.has(scheme[1].toLowerCase());
}

/**
 * Markdown as HTML, on the server: raw HTML in the source is shown as text (html: false), and a
 * link or picture whose address is not http(s), mailto or relative stays text, so a standards
 * page edited in the newsroom can never put markup or script into the page.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });
markdown.validateLink = isAllowedLink;

export function markdownToHtml(source: string): string {
  return markdown.render(source);
}
