import { convert, type HtmlToTextOptions } from 'html-to-text';
import { Parser } from 'htmlparser2';
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

/** Rounds of conversion for markup escaped several times over; what is left after them loses its brackets. */
const MAX_ROUNDS = 4;

/**
 * Whether an HTML parser finds a tag, a comment or a processing instruction in the text: the same
 * parser html-to-text uses, so `<img/src=x/onerror=…>` counts as the browser would count it.
 */
export function hasMarkup(text: string): boolean {
  if (!text.includes('<')) return false;
  let found = false;
  const mark = () => {
    found = true;
  };
  const parser = new Parser({
    onopentagname: mark,
    onclosetag: (_name, implied) => {
      if (!implied) mark();
    },
    oncomment: mark,
    oncdatastart: mark,
    onprocessinginstruction: mark,
  });
  parser.end(text);
  return found;
}

const CONTROL_GLOBAL = new RegExp(CONTROL_CHARACTERS.source, 'g');
const LONE_SURROGATE_GLOBAL = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * Plain text from a feed's HTML: tags stripped, entities decoded (by html-to-text's parser,
 * htmlparser2), scripts, styles and embeds dropped with their content, link targets and event
 * handlers gone with the tags, paragraphs separated by a blank line. Markup the feed escaped again
 * is converted again, so readers never see tags. Control characters the article rules
 * refuse are removed.
 */
export function htmlToPlainText(html: string): string {
  let text = convert(html, OPTIONS);
  for (let round = 1; round < MAX_ROUNDS && hasMarkup(text); round++) text = convert(text, OPTIONS);
  if (hasMarkup(text)) text = text.replace(/[<>]/g, '');
  return tidy(text);
}

/**
 * Text that is meant to be plain (Atom `type="text"`): whitespace and control characters tidied;
 * should it still carry markup, it is converted like HTML, so no tag is kept in any case.
 */
export function plainText(text: string): string {
  return hasMarkup(text) ? htmlToPlainText(text) : tidy(text);
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
