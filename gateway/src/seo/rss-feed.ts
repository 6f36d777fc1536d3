import { escapeXml } from './xml-text.js';

export interface RssChannel {
  title: string;
  description: string;
  /** The page the feed follows. */
  link: string;
  /** The feed's own URL (atom:link rel=self). */
  self: string;
  language: string;
  image: string;
  copyright: string;
  updated?: Date;
  /** A WebSub hub that pushes this feed (atom:link rel=hub); none when unset. */
  hub?: string | null;
}

export interface RssItem {
  title: string;
  link: string;
  /** Plain text, never markup: shown to the reader literally. */
  excerpt: string;
  author: string;
  category: string;
  publishedAt: Date;
  image: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * A plain-text string as an element whose content readers treat as HTML (an RSS description): escaped
 * for HTML, then for XML, so `<img onerror=…>` arrives as the characters, never as a tag.
 */
export function plainTextAsHtml(text: string): string {
  return escapeXml(text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]));
}

/**
 * A plain-text title. RSS 2.0 says titles are text, yet many readers render them as HTML: `<` and `>`
 * are escaped for HTML as well, so no reader can see a tag; `&` is escaped once, so "AT&T" reads right in both.
 */
export function plainTextTitle(text: string): string {
  return escapeXml(text.replace(/[<>]/g, (c) => HTML_ESCAPES[c]));
}

const element = (name: string, xmlText: string) => `<${name}>${xmlText}</${name}>`;

/**
 * RSS 2.0 written with every string escaped as text: no CDATA, so no `]]>` in a headline can end a
 * section early and no markup in one reaches a feed reader as HTML.
 */
export function rssFeed(channel: RssChannel, items: readonly RssItem[]): string {
  const parts = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    element('title', plainTextTitle(channel.title)),
    element('link', escapeXml(channel.link)),
    element('description', plainTextAsHtml(channel.description)),
    element('lastBuildDate', (channel.updated ?? new Date()).toUTCString()),
    element('docs', 'https://validator.w3.org/feed/docs/rss2.html'),
    element('language', escapeXml(channel.language)),
    `<image>${element('title', plainTextTitle(channel.title))}${element('url', escapeXml(channel.image))}${element('link', escapeXml(channel.link))}</image>`,
    element('copyright', escapeXml(channel.copyright)),
    `<atom:link href="${escapeXml(channel.self).replace(/"/g, '&quot;')}" rel="self" type="application/rss+xml"/>`,
    ...(channel.hub ? [`<atom:link href="${escapeXml(channel.hub).replace(/"/g, '&quot;')}" rel="hub"/>`] : []),
  ];
  for (const item of items) {
    const link = escapeXml(item.link);
    parts.push(
      '<item>' +
        element('title', plainTextTitle(item.title)) +
        element('link', link) +
        `<guid isPermaLink="false">${link}</guid>` +
        element('pubDate', item.publishedAt.toUTCString()) +
        element('description', plainTextAsHtml(item.excerpt)) +
        element('author', escapeXml(item.author)) +
        element('category', escapeXml(item.category)) +
        `<enclosure url="${escapeXml(item.image).replace(/"/g, '&quot;')}" length="0" type="image/jpeg"/>` +
        '</item>',
    );
  }
  parts.push('</channel>', '</rss>');
  return parts.join('\n');
}
