import type { RssChannel, RssItem } from './rss-feed.js';

export const JSON_FEED_VERSION = 'https://jsonfeed.org/version/1.1';
export const JSON_FEED_TYPE = 'application/feed+json';

/** A feed's hub for push (WebSub), named by both feed formats. */
export interface FeedHub {
  /** The hub's URL (WEBSUB_HUB_URL). */
  url: string;
}

/**
 * JSON Feed 1.1 from the same channel and items as the RSS feed (rss-feed.ts), so both formats list
 * the same stories. Text stays text: `content_text` and `summary` are plain, never HTML.
 */
export function jsonFeed(channel: RssChannel, items: readonly RssItem[], hub?: FeedHub | null): string {
  return JSON.stringify({
    version: JSON_FEED_VERSION,
    title: channel.title,
    home_page_url: channel.link,
    feed_url: channel.self,
    description: channel.description,
    icon: channel.image,
    language: channel.language,
    ...(hub ? { hubs: [{ type: 'WebSub', url: hub.url }] } : {}),
    items: items.map((item) => ({
      id: item.link,
      url: item.link,
      title: item.title,
      content_text: item.excerpt,
      summary: item.excerpt,
      image: item.image,
      date_published: item.publishedAt.toISOString(),
      authors: [{ name: item.author }],
      tags: [item.category],
    })),
  });
}
