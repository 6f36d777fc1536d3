import { Router, type Request, type Response } from 'express';
import type { ArticleView, Services } from '../../../schema/src/index.js';
import { COVERAGE_AREAS, markdownPathFor, pagePathForMarkdown, splitSentences, WHY_CHOOSE } from '../../../web/src/entry-server.js';
import type { Config } from '../config/config.js';
import type { ContextFor } from '../middleware/request-context.js';
import { FEED_SIZE } from './discovery.routes.js';
import { markdownDocument, markdownLink, markdownText } from './markdown-text.js';
import { prefersMarkdown } from './markdown-negotiation.js';
import { siteUrl } from './site-url.js';

export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8; variant=CommonMark';
/** Articles listed under "Latest" in /llms.txt. */
export const LLMS_LATEST = 20;

/**
 * The site read by agents: every article, category and static page as Markdown with a small front
 * matter, at its `.md` path (web's markdownPathFor) or at its own path with `Accept: text/markdown`,
 * and `/llms.txt`, the site's map for language models. Same services, same reader visibility as the
 * pages; the route table gives them the page profile, so they are cached like the pages.
 */
export function agentReadRoutes(config: Config, contextFor: ContextFor): Router {
  const router = Router();
  const abs = (path: string) => siteUrl(config.siteUrl, path);
  const articleLink = (a: ArticleView) => `- ${markdownLink(a.title, abs(`/articles/${a.id}.md`))}: ${markdownText(a.excerpt)}`;

  const articleMarkdown = (a: ArticleView) =>
    markdownDocument(
      {
        title: a.title,
        author: a.author,
        date: a.publishedAt.toISOString(),
        updated: a.updatedAt.toISOString(),
        category: a.category.name,
        canonical_url: abs(`/articles/${a.id}`),
      },
      [`# ${markdownText(a.title)}`, `*${markdownText(a.excerpt)}*`, ...splitSentences(a.content).map(markdownText)],
    );

  /** The Markdown of a page's path, or null when that path has none. */
  async function pageMarkdown(services: Services, path: string): Promise<string | null> {
    const article = /^\/articles\/(\d+)$/.exec(path);
    if (article) return articleMarkdown(await services.articles.getById(article[1]));
    const category = /^\/categories\/([^/]+)$/.exec(path);
    if (category) {
      const found = await services.categories.getBySlug(category[1]);
      const { nodes } = await services.articles.page({ category: found.slug, first: FEED_SIZE });
      return markdownDocument({ title: found.name, category: found.name, canonical_url: abs(`/categories/${found.slug}`) }, [
        `# ${markdownText(found.name)}`,
        markdownText(found.description),
        '## Latest',
        nodes.map(articleLink).join('\n'),
      ]);
    }
    const page = { title: '', canonical_url: abs(path) };
    switch (path) {
      case '/': {
        const { nodes } = await services.articles.page({ first: FEED_SIZE });
        return markdownDocument({ ...page, title: config.siteName }, [`# ${markdownText(config.siteName)}`, 'The latest Australian technology news.', '## Latest', nodes.map(articleLink).join('\n')]);
      }
      case '/categories': {
        const categories = await services.categories.list();
        const list = categories.map((c) => `- ${markdownLink(c.name, abs(`/categories/${c.slug}.md`))}: ${markdownText(c.description)}`);
        return markdownDocument({ ...page, title: 'Categories' }, ['# Categories', list.join('\n')]);
      }
      case '/about':
        return markdownDocument({ ...page, title: `About ${config.siteName}` }, [
          `# About ${markdownText(config.siteName)}`,
          `${markdownText(config.siteName)} is an independent Australian publication covering the technologies that are reshaping business, science and everyday life.`,
          '## What we cover',
          COVERAGE_AREAS.map((area) => `- ${markdownText(area)}`).join('\n'),
          '## Why read us',
          WHY_CHOOSE.map((item) => `- **${markdownText(item.title)}**: ${markdownText(item.text)}`).join('\n'),
        ]);
      case '/contact':
        return markdownDocument({ ...page, title: 'Contact' }, [
          '# Contact',
          `Email ${markdownText(config.contactEmail)} or call ${markdownText(config.contactPhone)}; the form is at ${markdownLink('the contact page', abs('/contact'))}.`,
        ]);
      case '/domain':
        return markdownDocument({ ...page, title: `${config.sale.domain} is for sale` }, [
          `# ${markdownText(config.sale.domain)} is for sale`,
          `Offers are made on ${markdownLink('the domain page', abs('/domain'))}.`,
        ]);
      default:
        return null;
    }
  }

  async function sendMarkdown(req: Request, res: Response, path: string): Promise<boolean> {
    const markdown = await pageMarkdown(contextFor(req).services, path);
    if (markdown === null) return false;
    res.type(MARKDOWN_TYPE).send(markdown);
    return true;
  }

  router.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const page = pagePathForMarkdown(req.path);
    if (page !== null) {
      if (!(await sendMarkdown(req, res, page))) next();
      return;
    }
    // A page with a Markdown copy answers either, by Accept: shared caches must keep them apart.
    if (markdownPathFor(req.path) === null) return next();
    res.vary('Accept');
    if (prefersMarkdown(req.headers.accept) && (await sendMarkdown(req, res, req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path))) return;
    next();
  });

  router.get('/llms.txt', async (req, res) => {
    const { services } = contextFor(req);
    const [categories, { nodes }] = await Promise.all([services.categories.list(), services.articles.page({ first: LLMS_LATEST })]);
    const text = [
      `# ${markdownText(config.siteName)}`,
      '',
      '> Australian technology news: artificial intelligence, space, energy, biotech, cybersecurity and more. Every page below is Markdown.',
      '',
      '## Sections',
      '',
      `- ${markdownLink('Home', abs('/index.md'))}: the latest stories`,
      `- ${markdownLink('About', abs('/about.md'))}: who we are and what we cover`,
      ...categories.map((c) => `- ${markdownLink(c.name, abs(`/categories/${c.slug}.md`))}: ${markdownText(c.description)}`),
      '',
      '## Feeds',
      '',
      `- ${markdownLink('RSS', abs('/rss.xml'))}: the latest stories as RSS 2.0`,
      `- ${markdownLink('JSON Feed', abs('/feed.json'))}: the latest stories as JSON Feed 1.1`,
      '',
      '## Latest',
      '',
      ...nodes.map(articleLink),
      '',
    ].join('\n');
    res.type('text/plain; charset=utf-8').send(text);
  });

  return router;
}
