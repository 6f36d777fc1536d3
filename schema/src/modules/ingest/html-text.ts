import { convert, type HtmlToTextOptions } from 'html-to-text';
import { CONTROL_CHARACTERS, LONE_SURROGATE } from '../../lib/validation.js';

/** Elements whose content is code, styling, embedded media or form controls: never text. */
const DROPPED = ['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'canvas', 'video', 'audio', 'img', 'picture', 'form', 'button', 'select', 'textarea', 'head'];

const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  // A feed item is small; anything longer is cut before parsing rather than parsed whole.
  limits: { maxInputLength: 1_000_000 },
  selectors: [
    // Plain text keeps no link targets at all, so no javascript: or data: URL can reach readers.
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'ul', options: { itemPrefix: '• ' } },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ...DROPPED.map((selector) => ({ selector, format: 'skip' })),
  ],
};

/** Something that still reads as a tag after conversion: markup the feed escaped twice. */
const TAG_LIKE = /<\/?[a-z][a-z0-9-]*(?:\s[^>]*)?\/?>/i;

const CONTROL_GLOBAL = new RegExp(CONTROL_CHARACTERS.source, 'g');
const LONE_SURROGATE_GLOBAL = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * Plain text from a feed's HTML: tags stripped, entities decoded (by html-to-text's parser,
 * htmlparser2), scripts, styles and embeds dropped with their content, link targets and event
 * handlers gone with the tags, paragraphs separated by a blank line. Markup escaped twice by the
 * feed is converted once more, so readers never see tags. Control characters the article rules
 * refuse are removed.
 */
export function htmlToPlainText(html: string): string {
  let text = convert(html, OPTIONS);
  if (TAG_LIKE.test(text)) text = convert(text, OPTIONS);
  return tidy(text);
}

/**
 * Text that is meant to be plain (Atom `type="text"`): whitespace and control characters tidied;
 * should it still carry markup, it is converted like HTML, so no tag is kept in any case.
 */
export function plainText(text: string): string {
  return TAG_LIKE.test(text) ? htmlToPlainText(text) : tidy(text);
}

function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL_GLOBAL, '')
    .replace(LONE_SURROGATE_GLOBAL, '')
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** One line: every run of whitespace (line breaks included) becomes a single space. */
export function singleLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * At most `max` characters, cut at the last word boundary that fits, with an ellipsis when cut
 * (a single word longer than `max` is cut mid-word).
 */
export function truncateAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never half of a surrogate pair: the article rules refuse one on its own.
  const room = text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '');
  const boundary = room.search(/\s+\S*$/);
  const cut = (boundary > max / 2 ? room.slice(0, boundary) : room).replace(/[\s,;:.\u2013\u2014-]+$/, '');
  return `${cut}…`;
}
