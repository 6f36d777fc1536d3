import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { expressMiddleware } from '@as-integrations/express5';
import type { MikroORM } from '@mikro-orm/core';
import { onContentChange } from '../../schema/src/index.js';
import { createResponseCache, type ResponseCache } from './cache/response-cache.js';
import type { Config } from './config/config.js';
import { createApolloServer } from './graphql/apollo-server.js';
import { createMediaRouter } from './media/media.router.js';
import { BODY_LIMIT } from './middleware/body-limit.js';
import { errorHandler } from './middleware/error-handler.js';
import { methodNotAllowed } from './middleware/method-not-allowed.js';
import { requestLog } from './middleware/request-log.js';
import { createContextFor, type ContextFor } from './middleware/request-context.js';
import { apiRouter } from './rest/api.router.js';
import { createContactLimiter } from './security/contact-limiter.js';
import { apiRateLimit, pageRateLimit } from './security/rate-limits.js';
import { originFormTarget } from './security/request-target.js';
import { securityHeaders } from './security/security-headers.js';
import { refuseSourceMaps } from './security/source-maps.js';
import { discoveryRoutes } from './seo/discovery.routes.js';

export interface AppDependencies {
  config: Config;
  orm: MikroORM;
  logger: Logger;
  /** Serves the web app (static assets and server rendering); mounted last, before the error handler. */
  web?: (contextFor: ContextFor) => Promise<RequestHandler[]> | RequestHandler[];
  /** Content-Security-Policy on (off only for the Vite development server). */
  csp?: boolean;
}

export interface App {
  app: Express;
  /** Readiness: false once shutdown has begun, so load balancers stop sending traffic. */
  readiness: { ready: boolean };
  /** The response cache, when RESPONSE_CACHE_TTL_SECONDS is above 0. */
  cache: ResponseCache | null;
  close(): Promise<void>;
}

/**
 * Public API reads may be kept by browsers (revalidating with their ETag) and by shared caches for a
 * short while; routes that must not be (admin, errors) set their own Cache-Control.
 */
const publicReads: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=30, stale-while-revalidate=60');
  next();
};

/**
 * The mount order, top to bottom: proxy trust -> logging -> security headers -> compression ->
 * request target and method -> health -> rate limits -> /graphql -> /api (response cache) -> media ->
 * page rate limit (and source maps) -> response cache ->
 * discovery files -> web -> errors.
 */
export async function createApp({ config, orm, logger, web, csp = true }: AppDependencies): Promise<App> {
  const exposeInternals = config.env !== 'production';
  const readiness = { ready: true };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(requestLog(logger));
  app.use(...securityHeaders({ csp }));
  app.use(compression());
  // Hostile request lines first: absolute-form targets route on their path only, unknown methods get 405.
  app.use(originFormTarget, methodNotAllowed);

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    if (!readiness.ready) {
      res.status(503).json({ status: 'shutting-down', message: 'Shutting down' });
      return;
    }
    const check = await orm.checkConnection();
    res.status(check.ok ? 200 : 503).json(check.ok ? { status: 'ready' } : { status: 'unavailable', message: 'Database unreachable' });
  });

  const contextFor = createContextFor(orm, {
    adminToken: config.adminToken,
    settings: { contact: { ownerEmail: config.contactEmail, limiter: createContactLimiter(config.contactRateLimitPerHour) } },
  });

  const limit = apiRateLimit(config.apiRateLimitPerMinute);
  const apollo = await createApolloServer({ exposeInternals });
  app.use(
    '/graphql',
    limit,
    express.json({ limit: BODY_LIMIT }),
    expressMiddleware(apollo, { context: async ({ req }) => contextFor(req) }),
  );

  // Render once, serve many: anonymous reads are kept until content changes (every committed write).
  const cache: ResponseCache | null = config.responseCacheTtlMs > 0 ? createResponseCache({ ttlMs: config.responseCacheTtlMs, maxBytes: config.responseCacheBytes }) : null;
  const stopListening = cache ? onContentChange(() => cache.invalidate()) : () => undefined;
  const cached: RequestHandler[] = cache ? [cache.middleware] : [];

  app.use('/api', limit, publicReads, ...cached, apiRouter(contextFor));
  app.use('/media', createMediaRouter({ coverKeyExists: (key, req) => contextFor(req).services.articles.coverKeyExists(key) }));
  // Everything below (discovery files, pages, the client's files) counts against a generous per-client limit.
  app.use(pageRateLimit(config.pageRateLimitPerMinute));
  if (!config.serveSourceMaps) app.use(refuseSourceMaps);
  if (cache) app.use(cache.middleware);
  app.use(discoveryRoutes(config, contextFor));

  if (web) app.use(...(await web(contextFor)));

  app.use(errorHandler({ exposeInternals }));

  return {
    app,
    readiness,
    cache,
    async close() {
      stopListening();
      await apollo.stop();
    },
  };
}
