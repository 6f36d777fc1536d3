import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { expressMiddleware } from '@as-integrations/express5';
import type { MikroORM } from '@mikro-orm/core';
import type { Config } from './config/config.js';
import { createApolloServer } from './graphql/apollo-server.js';
import { createMediaRouter } from './media/media.router.js';
import { BODY_LIMIT } from './middleware/body-limit.js';
import { errorHandler } from './middleware/error-handler.js';
import { createContextFor, type ContextFor } from './middleware/request-context.js';
import { apiRouter } from './rest/api.router.js';
import { createContactLimiter } from './security/contact-limiter.js';
import { apiRateLimit } from './security/rate-limits.js';
import { securityHeaders } from './security/security-headers.js';
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
  close(): Promise<void>;
}

/**
 * The mount order, top to bottom: proxy trust -> logging -> security headers -> compression ->
 * health -> rate limits -> /graphql -> /api -> media -> discovery files -> web -> errors.
 */
export async function createApp({ config, orm, logger, web, csp = true }: AppDependencies): Promise<App> {
  const exposeInternals = config.env !== 'production';
  const readiness = { ready: true };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(pinoHttp({ logger, autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' } }));
  app.use(...securityHeaders({ csp }));
  app.use(compression());

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

  app.use('/api', limit, apiRouter(contextFor));
  app.use('/media', createMediaRouter({ coverKeyExists: (key, req) => contextFor(req).services.articles.coverKeyExists(key) }));
  app.use(discoveryRoutes(config, contextFor));

  if (web) app.use(...(await web(contextFor)));

  app.use(errorHandler({ exposeInternals }));

  return {
    app,
    readiness,
    async close() {
      await apollo.stop();
    },
  };
}
