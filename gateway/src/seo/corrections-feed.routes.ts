import { type Request, Router } from 'express';
import { CORRECTION_KIND_LABELS } from '../../../schema/src/index.js';
import type { Config } from '../config/config.js';
import type { ContextFor } from '../middleware/request-context.js';
import { jsonFeed, JSON_FEED_TYPE } from './json-feed.js';
import { rssFeed, type RssChannel, type RssItem } from './rss-feed.js';
import { siteUrl } from './site-url.js';

/** Corrections in one feed: as many as a page of /corrections shows. */
const CORRECTIONS_FEED_SIZE = 50;

/** /corrections/rss.xml (and feed.json): every correction and clarification, newest first, each linking to its article's note. */
export function correctionsFeedRoutes(config: Config, contextFor: ContextFor): Router {
  const router = Router();
  const abs = (path: string) => siteUrl(config.siteUrl, path);
  const feed = async (req: Request, file: 'rss.xml' | 'feed.json'): Promise<[RssChannel, RssItem[]]> => {
    const { nodes } = await contextFor(req).services.corrections.recent({ first: CORRECTIONS_FEED_SIZE });
    return [
      {
        title: `${config.siteName}: corrections and clarifications`,
        description: `Every correction and clarification ${config.siteName} has made to a published article, newest first.`,
        link: abs('/corrections'),
        self: abs(`/corrections/${file}`),
        language: 'en-AU',
        image: abs('/media/brand/logo.png'),
        copyright: `© ${new Date().getFullYear()} ${config.siteName}`,
        updated: nodes[0]?.createdAt,
      },
      nodes.map((c) => ({
        title: `${CORRECTION_KIND_LABELS[c.kind]}: ${c.articleTitle}`,
        link: abs(`/articles/${c.articleId}#correction-${c.id}`),
        excerpt: c.text,
        author: config.siteName,
        category: CORRECTION_KIND_LABELS[c.kind],
        publishedAt: c.createdAt,
        image: abs('/media/brand/logo.png'),
      })),
    ];
  };
  router.get('/corrections/rss.xml', async (req, res) => {
    res.type('application/rss+xml').send(rssFeed(...(await feed(req, 'rss.xml'))));
  });
  router.get('/corrections/feed.json', async (req, res) => {
    res.type(JSON_FEED_TYPE).send(jsonFeed(...(await feed(req, 'feed.json'))));
  });
  return router;
}
