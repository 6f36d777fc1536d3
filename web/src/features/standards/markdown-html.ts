import MarkdownIt from 'markdown-it';

/**
 * Markdown as HTML, on the server: raw HTML in the source is shown as text (html: false), and
 * markdown-it's link check refuses javascript:, vbscript: and data: addresses, so a standards page
 * edited by hand can never put markup or script into the page.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

export function markdownToHtml(source: string): string {
  return markdown.render(source);
}
