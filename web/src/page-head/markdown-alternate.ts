/**
 * The Markdown copy of a page, for agents and readers that want the text without the page around it:
 * an article, a category and the static pages have one (`/articles/7.md`, `/categories/ai.md`,
 * `/about.md`, `/index.md` for the home page). The gateway answers exactly these paths; the page
 * head links them with `<link rel="alternate" type="text/markdown">`.
 */
const HAS_MARKDOWN = /^\/(?:articles\/\d{1,15}|categories(?:\/[a-z0-9-]{1,100})?|about|contact|domain)?$/;

/** The Markdown path of a page's path, or null when the page has none. */
export function markdownPathFor(path: string): string | null {
  const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (!HAS_MARKDOWN.test(bare)) return null;
  return bare === '/' ? '/index.md' : `${bare}.md`;
}

/** The page's path of a Markdown path (the reverse of markdownPathFor), or null. */
export function pagePathForMarkdown(path: string): string | null {
  if (!path.endsWith('.md')) return null;
  const page = path === '/index.md' ? '/' : path.slice(0, -3);
  return markdownPathFor(page) === path ? page : null;
}
