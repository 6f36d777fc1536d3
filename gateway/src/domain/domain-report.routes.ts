import { Router } from 'express';
import type { Config } from '../config/config.js';
import type { ContextFor } from '../middleware/request-context.js';
import { renderDomainReport, reportTerms } from './domain-report.js';
import { FEED } from '../cache/cache-profiles.js';

/** GET /domain/report.pdf: the Domain Report, generated from the settings and the live figures. */
export function domainReportRoutes(config: Config, contextFor: ContextFor, { now = () => new Date() }: { now?: () => Date } = {}): Router {
  const router = Router();
  router.get('/domain/report.pdf', async (req, res) => {
    const { services } = contextFor(req);
    const categories = await services.categories.list();
    const at = now();
    const [totalArticles, counts, latest, traffic, months, vitals] = await Promise.all([
      services.articles.count(),
      Promise.all(categories.map((category) => services.articles.count(category.slug))),
      services.articles.page({ first: 1 }),
      services.analytics.dashboard(30, at),
      services.analytics.monthly(6, at),
      services.analytics.siteVitals(30, at),
    ]);
    const pdf = await renderDomainReport({
      ...reportTerms(config),
      totalArticles,
      latestPublished: latest.nodes[0]?.publishedAt ?? null,
      categories: categories.map((category, index) => ({ name: category.name, articles: counts[index] })),
      audience: { last30Days: traffic.totals, months, vitals },
      generatedAt: at,
    });
    res.type('application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${config.sale.domain}-domain-report.pdf"`);
    res.setHeader('Cache-Control', FEED);
    res.send(pdf);
  });
  return router;
}
