/**
 * Markdown for agents: plain text written so that it reads as the same text once rendered, and a
 * small YAML front matter whose values are JSON strings (valid YAML scalars, so no title can break out).
 */

/** Characters that are Markdown anywhere in a line: emphasis, code, links, inline HTML, escapes. */
const INLINE = /[\\`*_[\]<>]/g;
/** What starts a block at the beginning of a line: a heading, a quote, a list item, a rule, a table. */
const BLOCK_START = /^(\s*)([#>+\-=|]|\d{1,9}[.)])/;
/** An entity reference, which Markdown would turn into its character. */
const ENTITY = /&(?=#\d{1,7};|#x[0-9a-f]{1,6};|[a-z][a-z0-9]{1,31};)/gi;

/** One line of plain text as Markdown that renders as that text. */
export function markdownText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(INLINE, '\\$&')
    .replace(ENTITY, '\\&')
    .replace(BLOCK_START, (_match, space: string, marker: string) => `${space}${marker.replace(/([#>+\-=|.)])$/, '\\$1')}`);
}

/** A link whose text is plain text and whose target is an absolute URL of the site. */
export function markdownLink(text: string, url: string): string {
  return `[${markdownText(text)}](<${url.replace(/[<>\s]/g, encodeURIComponent)}>)`;
}

export type FrontMatter = Record<string, string | undefined>;

/** `---` front matter: each value a JSON string, absent values left out. */
export function frontMatter(fields: FrontMatter): string {
  const lines = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}: ${JSON.stringify(value)}`);
  return ['---', ...lines, '---', ''].join('\n');
}

/** A document: front matter, then blocks separated by blank lines. */
export function markdownDocument(fields: FrontMatter, blocks: readonly string[]): string {
  return `${frontMatter(fields)}\n${blocks.filter(Boolean).join('\n\n')}\n`;
}
