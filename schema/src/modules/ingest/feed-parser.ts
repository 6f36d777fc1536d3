import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { htmlToPlainText, plainText, singleLine } from './html-text.js';
import { FeedParseError } from './ingest-errors.js';

/** One entry of a feed, its text fields already plain text (HTML stripped and decoded). */
export interface FeedItem {
  /** RSS `<guid>` or Atom `<id>`, as given. */
  guid: string | null;
  /** The item's web page, absolute (resolved against the feed's address). */
  link: string | null;
  title: string;
  /** RSS `<description>` or Atom `<summary>`. */
  summary: string;
  /** RSS `<content:encoded>` or Atom `<content>`. */
  content: string;
  author: string | null;
  published: Date | null;
  /** The item's own categories or tags, for the keyword rules. */
  categories: string[];
}

export interface ParsedFeed {
  format: 'rss' | 'atom';
  title: string;
  /** The site the feed belongs to (RSS channel link, Atom alternate link). */
  link: string | null;
  /** Atom `<id>` when present: with the guid it names an item across runs. */
  id: string | null;
  items: FeedItem[];
}

/** Items beyond this many in one document are ignored (feeds list the newest first). */
export const MAX_FEED_ITEMS = 200;

type Node = string | { [key: string]: unknown };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  // Everything stays text: a numeric guid or a title like "2026" must not become a number.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // XML's own entities and character references; the library caps DOCTYPE entity expansion.
  processEntities: true,
  htmlEntities: false,
});

function list(value: unknown): Node[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]) as Node[];
}

function first(value: unknown): Node | undefined {
  return list(value)[0];
}

function attr(node: Node | undefined, name: string): string | undefined {
  if (!node || typeof node === 'string') return undefined;
  const value = node[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}

/** The text of an element, whatever its shape after parsing (plain, with attributes, or nested XHTML). */
function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join(' ');
  const parts: string[] = [];
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key.startsWith('@_')) continue;
    // Inline XHTML: the text of its elements, never of scripts or styles.
    if (/^(?:\w+:)?(?:script|style)$/i.test(key)) continue;
    parts.push(textOf(value));
  }
  return parts.join(' ');
}

/** An Atom text construct (`type` text, html or xhtml) as plain text. */
function atomText(node: Node | undefined): string {
  if (node === undefined) return '';
  if (attr(node, 'src')) return '';
  const type = attr(node, 'type') ?? 'text';
  if (type === 'xhtml' || /[+/]xml$/.test(type)) return plainText(textOf(node));
  if (type.includes('html')) return htmlToPlainText(textOf(node));
  return plainText(textOf(node));
}

function absoluteUrl(value: string | undefined, base: string | undefined): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  try {
    return new URL(raw, base).toString();
  } catch {
    return null;
  }
}

function date(value: unknown): Date | null {
  const raw = textOf(value).trim();
  if (!raw) return null;
  const parsed = new Date(raw);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** RSS `<author>` is an email address with the name in brackets ("news@example.com.au (Priya Raman)"). */
function rssAuthor(value: string): string | null {
  const named = /\(([^)]+)\)/.exec(value)?.[1] ?? (value.includes('@') ? '' : value);
  return singleLine(named) || null;
}

/** Atom's alternate link (or the first without a rel). */
function atomLink(links: Node[], base: string | undefined): string | null {
  const alternate = links.find((l) => (attr(l, 'rel') ?? 'alternate') === 'alternate') ?? links[0];
  return absoluteUrl(attr(alternate, 'href'), base);
}

function parseRss(channel: Record<string, unknown>, base: string | undefined): ParsedFeed {
  // Namespaced <atom:link> elements share the channel; the RSS <link> is the one with text.
  const home = list(channel.link).map(textOf).find((l) => l.trim());
  const feedLink = absoluteUrl(home, base);
  const itemBase = feedLink ?? base;
  const items = list(channel.item)
    .slice(0, MAX_FEED_ITEMS)
    .map((raw): FeedItem => {
      const item = typeof raw === 'string' ? {} : raw;
      const guid = textOf(first(item.guid)).trim() || null;
      const link = absoluteUrl(list(item.link).map(textOf).find((l) => l.trim()), itemBase);
      const creator = singleLine(textOf(first(item['dc:creator'])));
      return {
        guid,
        // A permalink guid is the item's address when there is no <link>.
        link: link ?? (guid && attr(first(item.guid), 'isPermaLink') !== 'false' ? absoluteUrl(guid, itemBase) : null),
        title: singleLine(htmlToPlainText(textOf(first(item.title)))),
        summary: htmlToPlainText(textOf(first(item.description))),
        content: htmlToPlainText(textOf(first(item['content:encoded']))),
        author: creator || rssAuthor(textOf(first(item.author))),
        published: date(first(item.pubDate)) ?? date(first(item['dc:date'])),
        categories: list(item.category).map((c) => singleLine(textOf(c))).filter(Boolean),
      };
    });
  return { format: 'rss', title: singleLine(htmlToPlainText(textOf(first(channel.title)))), link: feedLink, id: null, items };
}

function parseAtom(feed: Record<string, unknown>, base: string | undefined): ParsedFeed {
  const feedLink = atomLink(list(feed.link), base);
  const feedAuthor = singleLine(textOf(first((first(feed.author) as Record<string, unknown> | undefined)?.name))) || null;
  const items = list(feed.entry)
    .slice(0, MAX_FEED_ITEMS)
    .map((raw): FeedItem => {
      const entry = typeof raw === 'string' ? {} : raw;
      const author = first(entry.author);
      const authorName = author && typeof author !== 'string' ? singleLine(textOf(first(author.name))) : '';
      return {
        guid: textOf(first(entry.id)).trim() || null,
        link: atomLink(list(entry.link), feedLink ?? base),
        title: singleLine(atomText(first(entry.title))),
        summary: atomText(first(entry.summary)),
        content: atomText(first(entry.content)),
        author: authorName || feedAuthor,
        published: date(first(entry.published)) ?? date(first(entry.updated)),
        categories: list(entry.category).map((c) => singleLine(attr(c, 'label') ?? attr(c, 'term') ?? '')).filter(Boolean),
      };
    });
  return { format: 'atom', title: singleLine(atomText(first(feed.title))), link: feedLink, id: textOf(first(feed.id)).trim() || null, items };
}

/**
 * An RSS 2.0 or Atom 1.0 document, its items' text fields as plain text. Throws FeedParseError
 * naming the problem: malformed XML (with its line), an HTML page, or another kind of document.
 * `base` (the feed's address) resolves relative links.
 */
export function parseFeed(xml: string, base?: string): ParsedFeed {
  const source = xml.replace(/^\uFEFF/, '');
  if (!source.trim()) throw new FeedParseError('Not a feed: the document is empty');
  if (!source.trimStart().startsWith('<')) throw new FeedParseError('Not a feed: the document is not XML');
  const valid = XMLValidator.validate(source);
  if (valid !== true) {
    if (/^\s*(?:<!doctype html|<html[\s>])/i.test(source)) throw new FeedParseError('Not a feed: the document is an HTML page');
    throw new FeedParseError(`Malformed XML at line ${valid.err.line}: ${valid.err.msg}`);
  }
  let document: Record<string, unknown>;
  try {
    document = parser.parse(source) as Record<string, unknown>;
  } catch (error) {
    throw new FeedParseError(`Malformed XML: ${(error as Error).message}`);
  }
  const root = Object.keys(document).find((key) => !key.startsWith('?') && !key.startsWith('#'));
  const top = root ? document[root] : undefined;
  if (root === 'rss' && top && typeof top === 'object') {
    const channel = first((top as Record<string, unknown>).channel);
    if (channel && typeof channel === 'object') return parseRss(channel, base);
    throw new FeedParseError('Not a feed: the RSS document has no <channel>');
  }
  if (root === 'feed' && top && typeof top === 'object') return parseAtom(top as Record<string, unknown>, base);
  if (root === 'feed') return parseAtom({}, base);
  throw new FeedParseError(`Not an RSS 2.0 or Atom feed: the document's root element is <${root ?? 'none'}>`);
}
