import { Router } from 'express';
import { apiNotFound } from '../middleware/api-not-found.js';
import type { ContextFor } from '../middleware/request-context.js';
import { adminRoutes } from './admin.routes.js';
import { apiKeysRoutes } from './api-keys.routes.js';
import { articlesRoutes } from './articles.routes.js';
import { authorsRoutes } from './authors.routes.js';
import { breakingNewsRoutes } from './breaking-news.routes.js';
import { contactRoutes } from './contact.routes.js';
import { correctionsRoutes } from './corrections.routes.js';
import { newsroomArticlesRoutes } from './newsroom-articles.routes.js';
import { newsroomBreakingNewsRoutes } from './newsroom-breaking-news.routes.js';
import { newsroomPartnersRoutes } from './newsroom-partners.routes.js';
import { newsletterRoutes } from './newsletter.routes.js';
import { searchRoutes } from './search.routes.js';
import { standardsPagesRoutes } from './standards-pages.routes.js';

/** The REST adapters existing clients call (docs/product.md): thin, each a call into the same services as GraphQL. */
export function apiRouter(contextFor: ContextFor): Router {
  const router = Router();
  // Before the articles: /articles/most-read is not an article id.
  router.use(newsletterRoutes(contextFor));
  router.use(articlesRoutes(contextFor));
  router.use(authorsRoutes(contextFor));
  router.use(correctionsRoutes(contextFor));
  router.use(breakingNewsRoutes(contextFor));
  router.use(searchRoutes(contextFor));
  router.use(contactRoutes(contextFor));
  router.use(adminRoutes(contextFor));
  router.use(apiKeysRoutes(contextFor));
  router.use(newsroomArticlesRoutes(contextFor));
  router.use(newsroomBreakingNewsRoutes(contextFor));
  router.use(newsroomPartnersRoutes(contextFor));
  router.use(standardsPagesRoutes(contextFor));
  router.use(apiNotFound);
  return router;
}
