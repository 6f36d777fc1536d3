import { Router } from 'express';
import { CORRECTION_KIND_LABELS } from '../../../schema/src/index.js';
import type { Config } from '../config/config.js';
import type { ContextFor } from '../middleware/request-context.js';
import { rssFeed } from './rss-feed.js';
import { siteUrl } from './site-url.js';

/** Corrections in one feed: as many as a page of /corrections shows. */
const CORRECTIONS_FEED_SIZE = 50;

/** /corrections/rss.xml: every correction and clarification, newest first, each linking to its article's note. */
export function correctionsFeedRoutes(config: Config, contextFor: ContextFor): Router {
  const router = Router();
  const abs = (path: string) => siteUrl(config.siteUrl, path);
  router.get('/corrections/rss.xml', async (req, res) => {
    const { nodes } = await contextFor(req).services.corrections.recent({ first: CORRECTIONS_FEED_SIZE });
    const xml = rssFeed(
      {
        title: `${config.siteName}: corrections and clarifications`,
        description: `Every correction and clarification ${config.siteName} has made to a published article, newest first.`,
        link: abs('/corrections'),
        self: abs('/corrections/rss.xml'),
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
    );
    res.type('application/rss+xml').send(xml);
  });
  return router;
}
