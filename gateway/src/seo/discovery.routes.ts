import { Readable } from 'node:stream';
import { Router, type Response } from 'express';
import { Feed } from 'feed';
import { SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import type { ArticleView } from '../../../schema/src/index.js';
import type { Config } from '../config/config.js';
import type { ContextFor } from '../middleware/request-context.js';

export const FEED_SIZE = 30;
export const NEWS_WINDOW_MS = 2 * 24 * 3_600_000;
const STATIC_PAGES = ['/', '/about', '/contact'];

function sendXml(res: Response, xml: string | Buffer, type = 'application/xml') {
  res.type(type).setHeader('Cache-Control', 'public, max-age=300').send(xml);
}

/** A urlset; an empty one stays valid XML (the library refuses to write one). */
export async function sitemap(hostname: string, items: SitemapItemLoose[]): Promise<Buffer | string> {
  if (!items.length) {
    return '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"></urlset>';
  }
  const stream = new SitemapStream({ hostname, xmlns: { news: true, image: true, video: false, xhtml: false } });
  return streamToPromise(Readable.from(items).pipe(stream));
}

/** robots.txt, sitemaps (an index over pages, categories, articles and Google News) and RSS feeds. */
export function discoveryRoutes(config: Config, contextFor: ContextFor): Router {
  const router = Router();
  const site = config.siteUrl;
  const abs = (path: string) => new URL(path, `${site}/`).toString();

  router.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain')
      .setHeader('Cache-Control', 'public, max-age=3600')
      .send(['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /graphql', '', `Sitemap: ${abs('/sitemap.xml')}`, ''].join('\n'));
  });

  router.get('/sitemap.xml', async (req, res) => {
    const [latest] = (await contextFor(req).services.articles.page({ first: 1 })).nodes;
    const lastmod = latest?.updatedAt.toISOString();
    const index = new SitemapIndexStream();
    const entries = ['pages', 'categories', 'articles', 'news'].map((name) => ({ url: abs(`/sitemaps/${name}.xml`), lastmod }));
    sendXml(res, await streamToPromise(Readable.from(entries).pipe(index)));
  });

  router.get('/sitemaps/pages.xml', async (req, res) => {
    const [latest] = (await contextFor(req).services.articles.page({ first: 1 })).nodes;
    const items = STATIC_PAGES.map((url) => ({ url, lastmod: url === '/' ? latest?.updatedAt.toISOString() : undefined }));
    sendXml(res, await sitemap(site, items));
  });

  router.get('/sitemaps/categories.xml', async (req, res) => {
    const { services } = contextFor(req);
    const items: SitemapItemLoose[] = [];
    for (const category of await services.categories.list()) {
      const [latest] = (await services.articles.page({ category: category.slug, first: 1 })).nodes;
      items.push({ url: `/categories/${category.slug}`, lastmod: latest?.updatedAt.toISOString() });
    }
    sendXml(res, await sitemap(site, items));
  });

  router.get('/sitemaps/articles.xml', async (req, res) => {
    const items: SitemapItemLoose[] = [];
    for await (const article of contextFor(req).services.articles.all()) {
      items.push({
        url: `/articles/${article.id}`,
        lastmod: article.updatedAt.toISOString(),
        img: [{ url: abs(`${article.imageUrl}?w=1200`), title: article.title }],
      });
    }
    sendXml(res, await sitemap(site, items));
  });

  router.get('/sitemaps/news.xml', async (req, res) => {
    const recent = await contextFor(req).services.articles.publishedSince(new Date(Date.now() - NEWS_WINDOW_MS));
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

  const feed = (title: string, description: string, path: string, articles: ArticleView[]) => {
    const rss = new Feed({
      title,
      description,
      id: abs(path),
      link: abs(path === '/rss.xml' ? '/' : path.replace(/\/rss\.xml$/, '')),
      language: 'en-AU',
      image: abs('/media/brand/logo.png'),
      favicon: abs('/favicon.svg'),
      copyright: `© ${new Date().getFullYear()} ${config.siteName}`,
      updated: articles[0]?.updatedAt,
      generator: false,
      feedLinks: { rss: abs(path) },
    });
    for (const a of articles) {
      rss.addItem({
        title: a.title,
        id: abs(`/articles/${a.id}`),
        link: abs(`/articles/${a.id}`),
        description: a.excerpt,
        author: [{ name: a.author }],
        date: a.publishedAt,
        category: [{ name: a.category.name }],
        image: { url: abs(`${a.imageUrl}?w=1200`), type: 'image/jpeg' },
      });
    }
    return rss.rss2();
  };

  router.get('/rss.xml', async (req, res) => {
    const { nodes } = await contextFor(req).services.articles.page({ first: FEED_SIZE });
    sendXml(res, feed(`${config.siteName}: latest technology news`, 'The latest Australian technology news.', '/rss.xml', nodes), 'application/rss+xml');
  });

  router.get('/categories/:slug/rss.xml', async (req, res) => {
    const { services } = contextFor(req);
    const category = await services.categories.getBySlug(req.params.slug);
    const { nodes } = await services.articles.page({ category: category.slug, first: FEED_SIZE });
    const path = `/categories/${category.slug}/rss.xml`;
    sendXml(res, feed(`${config.siteName}: ${category.name}`, category.description, path, nodes), 'application/rss+xml');
  });

  return router;
}
