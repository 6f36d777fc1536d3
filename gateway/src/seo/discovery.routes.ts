import { Readable } from 'node:stream';
import { Router, type Request, type Response } from 'express';
import { SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import {
  ARTICLE_ID_BLOCK,
  type ArticleLinkView,
  type ArticleView,
  COVER_KEY_PATTERN,
  COVER_PATH_PREFIX,
  NotFoundError,
} from '../../../schema/src/index.js';
import type { Config } from '../config/config.js';
import type { ContextFor } from '../middleware/request-context.js';
import { jsonFeed, JSON_FEED_TYPE } from './json-feed.js';
import { rssFeed, type RssChannel, type RssItem } from './rss-feed.js';
import { siteUrl } from './site-url.js';
import { STANDARDS_LINKS } from '../../../web/src/entry-server.js';
import { escapeXml } from './xml-text.js';
import { FEED } from '../cache/cache-profiles.js';

export const FEED_SIZE = 30;
export const NEWS_WINDOW_MS = 2 * 24 * 3_600_000;
/** URLs per article sitemap: the protocol's maximum. Sitemap n lists ids ((n - 1) * 50,000, n * 50,000]. */
export const ARTICLES_PER_SITEMAP = 50_000;
/** Rows read per query while an article sitemap streams. */
export const SITEMAP_BATCH_SIZE = 5_000;
// The standards pages, the corrections and the authors list are pages of their own (not news).
const STATIC_PAGES = ['/', '/categories', '/about', '/contact', '/domain', ...STANDARDS_LINKS.map((link) => link.path)];

export interface DiscoveryOptions {
  /** URLs per article sitemap: a multiple of ARTICLE_ID_BLOCK (1,000), at most 50,000. Smaller in tests. */
  articlesPerSitemap?: number;
  /** Rows read per query while an article sitemap streams. Smaller in tests. */
  sitemapBatchSize?: number;
}

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">';
const URLSET_CLOSE = '</urlset>';
/** The path of article sitemap `n`: the first keeps the name it has always had. */
export function articleSitemapPath(n: number): string {
  return n === 1 ? '/sitemaps/articles.xml' : `/sitemaps/articles-${n}.xml`;
}

function sendXml(res: Response, xml: string | Buffer, type = 'application/xml') {
  res.type(type).setHeader('Cache-Control', FEED).send(xml);
}

/** A urlset; an empty one stays valid XML (the library refuses to write one). */
export async function sitemap(hostname: string, items: SitemapItemLoose[]): Promise<Buffer | string> {
  if (!items.length) {
    return '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"></urlset>';
  }
  const stream = new SitemapStream({ hostname, xmlns: { news: true, image: true, video: false, xhtml: false } });
  return streamToPromise(Readable.from(items).pipe(stream));
}

/**
 * robots.txt, sitemaps (an index over pages, categories, the article sitemaps and Google News) and
 * RSS feeds. Every query is bounded: article sitemaps are id ranges read in primary-key batches,
 * the index reads the per-block tallies, feeds and the news sitemap read the newest rows only.
 */
export function discoveryRoutes(config: Config, contextFor: ContextFor, options: DiscoveryOptions = {}): Router {
  const { articlesPerSitemap = ARTICLES_PER_SITEMAP, sitemapBatchSize = SITEMAP_BATCH_SIZE } = options;
  if (articlesPerSitemap > ARTICLES_PER_SITEMAP || articlesPerSitemap % ARTICLE_ID_BLOCK !== 0 || articlesPerSitemap < ARTICLE_ID_BLOCK) {
    throw new Error(`articlesPerSitemap must be a multiple of ${ARTICLE_ID_BLOCK} up to ${ARTICLES_PER_SITEMAP}`);
  }
  if (!Number.isInteger(sitemapBatchSize) || sitemapBatchSize < 1) throw new Error('sitemapBatchSize must be a positive integer');
  const router = Router();
  const site = config.siteUrl;
  const abs = (path: string) => siteUrl(site, path);

  // Article links and the covers the site generates are the site's own paths with an integer id or
  // a checked key: their bases are built once instead of parsing 50,000 URLs per file. Any other
  // stored image URL goes through the site-URL rule.
  const articleBase = escapeXml(abs('/articles/'));
  const coverBase = escapeXml(abs(COVER_PATH_PREFIX));
  const imageLoc = (imageUrl: string) => {
    const key = imageUrl.startsWith(COVER_PATH_PREFIX) ? imageUrl.slice(COVER_PATH_PREFIX.length) : '';
    return COVER_KEY_PATTERN.test(key) ? `${coverBase}${key}?w=1200` : escapeXml(abs(`${imageUrl}?w=1200`));
  };
  const urlXml = (article: ArticleLinkView) =>
    `<url><loc>${articleBase}${article.id}</loc><lastmod>${article.updatedAt.toISOString()}</lastmod>` +
    `<image:image><image:loc>${imageLoc(article.imageUrl)}</image:loc><image:title>${escapeXml(article.title)}</image:title></image:image></url>`;

  /**
   * Article sitemap `n`, written as its rows arrive: a keyset walk over the id range in batches,
   * waiting for the client to take each batch, and stopping as soon as the client has gone.
   */
  async function streamArticleSitemap(req: Request, res: Response, n: number): Promise<void> {
    const { services } = contextFor(req);
    const through = n * articlesPerSitemap;
    let after = (n - 1) * articlesPerSitemap;
    let gone = false;
    let wake: (() => void) | undefined;
    const resume = () => {
      const waiting = wake;
      wake = undefined;
      waiting?.();
    };
    res.on('drain', resume);
    res.on('close', () => {
      gone = !res.writableFinished;
      resume();
    });
    const left = () => gone || res.destroyed;
    let started = false;
    try {
      for (;;) {
        const batch = await services.articles.linksByIdRange(after, through, sitemapBatchSize);
        if (left()) return;
        if (!started) {
          // Sitemap 1 always exists (it is the one crawlers know); a later one only while it lists articles.
          if (!batch.length && n > 1) throw new NotFoundError(`Sitemap ${articleSitemapPath(n)} not found`);
          res.status(200).type('application/xml').setHeader('Cache-Control', FEED);
          if (req.method === 'HEAD') {
            res.end();
            return;
          }
          res.write(URLSET_OPEN);
          started = true;
        }
        if (batch.length && !res.write(batch.map(urlXml).join('')) && !left()) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
        if (left()) return;
        if (batch.length < sitemapBatchSize) break;
        after = batch[batch.length - 1].id;
      }
      res.end(URLSET_CLOSE);
    } catch (error) {
      if (!started) throw error;
      // Headers and part of the file are out: cut the response so the client sees it incomplete.
      req.log?.error({ err: error }, 'article sitemap failed while streaming');
      res.destroy();
    }
  }

  router.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain')
      .setHeader('Cache-Control', FEED)
      .send(
        [
          'User-agent: *',
          // The owner's content-use signals (ROBOTS_CONTENT_SIGNALS), when set.
          ...(config.contentSignals ? [`Content-Signal: ${config.contentSignals}`] : []),
          'Allow: /',
          'Disallow: /api/',
          'Disallow: /graphql',
          'Disallow: /newsroom',
          '',
          `Sitemap: ${abs('/sitemap.xml')}`,
          '',
        ].join('\n'),
      );
  });

  router.get('/sitemap.xml', async (req, res) => {
    const { services } = contextFor(req);
    const [latest] = (await services.articles.page({ first: 1 })).nodes;
    const lastmod = latest?.updatedAt.toISOString();
    const ranges = await services.articles.idRanges(articlesPerSitemap);
    const articleFiles = ranges.map((range) => ({ url: abs(articleSitemapPath(range.number)), lastmod: range.lastModified.toISOString() }));
    if (ranges[0]?.number !== 1) articleFiles.unshift({ url: abs(articleSitemapPath(1)), lastmod });
    const index = new SitemapIndexStream();
    const entries = [
      { url: abs('/sitemaps/pages.xml'), lastmod },
      { url: abs('/sitemaps/categories.xml'), lastmod },
      { url: abs('/sitemaps/authors.xml'), lastmod },
      ...articleFiles,
      { url: abs('/sitemaps/news.xml'), lastmod },
    ];
    sendXml(res, await streamToPromise(Readable.from(entries).pipe(index)));
  });

  router.get('/sitemaps/pages.xml', async (req, res) => {
    const [latest] = (await contextFor(req).services.articles.page({ first: 1 })).nodes;
    const items = STATIC_PAGES.map((url) => ({ url, lastmod: url === '/' ? latest?.updatedAt.toISOString() : undefined }));
    sendXml(res, await sitemap(site, items));
  });

  router.get('/sitemaps/categories.xml', async (req, res) => {
    const categories = await contextFor(req).services.articles.categoriesLastModified();
    const items: SitemapItemLoose[] = categories.map((c) => ({ url: `/categories/${c.slug}`, lastmod: c.lastModified?.toISOString() }));
    sendXml(res, await sitemap(site, items));
  });

  router.get('/sitemaps/authors.xml', async (req, res) => {
    const authors = await contextFor(req).services.authors.list();
    const items: SitemapItemLoose[] = authors.map((a) => ({ url: `/authors/${a.slug}`, lastmod: a.updatedAt.toISOString() }));
    sendXml(res, await sitemap(site, items));
  });

  // /sitemaps/articles.xml is sitemap 1, /sitemaps/articles-2.xml sitemap 2, and so on.
  router.get('/sitemaps/:file', async (req, res, next) => {
    const match = /^articles(?:-([2-9]|[1-9]\d{1,5}))?\.xml$/.exec(req.params.file);
    if (!match) {
      next();
      return;
    }
    await streamArticleSitemap(req, res, match[1] ? Number(match[1]) : 1);
  });

  router.get('/sitemaps/news.xml', async (req, res) => {
    // Paid content is not news: Google News' sitemap never lists a sponsored article.
    const recent = (await contextFor(req).services.articles.publishedWithin(NEWS_WINDOW_MS)).filter((article) => article.kind !== 'sponsored');
    const items = recent.map((article) => ({
      url: `/articles/${article.id}`,
      news: {
        publication: { name: config.siteName, language: 'en' },
        publication_date: article.publishedAt.toISOString(),
        title: article.title,
      },
    }));
    sendXml(res, await sitemap(site, items));
  });

  const hub = config.websubHubUrl;
  /** One channel and one list of items, written as RSS or as JSON Feed: both formats list the same stories. */
  const feedData = (title: string, description: string, path: string, articles: ArticleView[]): [RssChannel, RssItem[]] => [
    {
      title,
        description,
      link: abs(path === '/rss.xml' || path === '/feed.json' ? '/' : path.replace(/\/(rss\.xml|feed\.json)$/, '')),
      self: abs(path),
      language: 'en-AU',
      image: abs('/media/brand/logo.png'),
      copyright: `© ${new Date().getFullYear()} ${config.siteName}`,
      updated: articles[0]?.updatedAt,
      hub,
    },
    articles.map((a) => ({
      title: a.title,
      link: abs(`/articles/${a.id}`),
      excerpt: a.excerpt,
      author: a.author,
      category: a.category.name,
      publishedAt: a.publishedAt,
      image: abs(`${a.imageUrl}?w=1200`),
    })),
  ];

  /** The site's feed, a category's or an author's: its title, description and newest stories. */
  const feedFor = async (req: Request, slug: string | undefined, file: 'rss.xml' | 'feed.json'): Promise<[RssChannel, RssItem[]]> => {
    const { services } = contextFor(req);
    if (req.path.startsWith('/authors/') && slug !== undefined) {
      const author = await services.authors.getBySlug(slug);
      const { nodes } = await services.authors.articles(author, { first: FEED_SIZE });
      return feedData(`${config.siteName}: ${author.name}`, author.bio || `Stories by ${author.name}.`, `/authors/${author.slug}/${file}`, nodes);
    }
    if (slug === undefined) {
      const { nodes } = await services.articles.page({ first: FEED_SIZE });
      return feedData(`${config.siteName}: latest technology news`, 'The latest Australian technology news.', `/${file}`, nodes);
    }
    const category = await services.categories.getBySlug(slug);
    const { nodes } = await services.articles.page({ category: category.slug, first: FEED_SIZE });
    return feedData(`${config.siteName}: ${category.name}`, category.description, `/categories/${category.slug}/${file}`, nodes);
  };

  /** A category's or an author's slug; none for the site's feeds. */
  const slugOf = (req: Request) => (typeof req.params.slug === 'string' ? req.params.slug : undefined);

  /** WebSub discovery in the headers as well (the spec's preferred place): the hub and the feed's own URL. */
  const hubLinks = (res: Response, channel: RssChannel) => {
    if (hub) res.append('Link', [`<${hub}>; rel="hub"`, `<${channel.self}>; rel="self"`]);
  };

  router.get(['/rss.xml', '/categories/:slug/rss.xml', '/authors/:slug/rss.xml'], async (req, res) => {
    const [channel, items] = await feedFor(req, slugOf(req), 'rss.xml');
    hubLinks(res, channel);
    sendXml(res, rssFeed(channel, items), 'application/rss+xml');
  });

  router.get(['/feed.json', '/categories/:slug/feed.json', '/authors/:slug/feed.json'], async (req, res) => {
    const [channel, items] = await feedFor(req, slugOf(req), 'feed.json');
    hubLinks(res, channel);
    res.type(JSON_FEED_TYPE).setHeader('Cache-Control', FEED).send(jsonFeed(channel, items, hub ? { url: hub } : null));
  });

  return router;
}
