import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { expressMiddleware } from '@as-integrations/express5';
import type { MikroORM } from '@mikro-orm/core';
import type { Config } from './config/config.js';
import { createApolloServer } from './graphql/apollo-server.js';
import { createMediaRouter } from './media/media.router.js';
import { errorHandler } from './middleware/error-handler.js';
import { createRequestContext, type ContextFor } from './middleware/request-context.js';
import { apiRouter } from './rest/api.router.js';
import { discoveryRoutes } from './seo/discovery.routes.js';

export interface AppDependencies {
  config: Config;
  orm: MikroORM;
  logger: Logger;
  /** Serves the web app (static assets and server rendering); mounted last, before the error handler. */
  web?: (contextFor: ContextFor) => Promise<RequestHandler[]> | RequestHandler[];
}

export interface App {
  app: Express;
  close(): Promise<void>;
}

/** The mount order, top to bottom: logging -> health -> /graphql -> /api -> media -> discovery files -> web -> errors. */
export async function createApp({ config, orm, logger, web }: AppDependencies): Promise<App> {
  const exposeInternals = config.env !== 'production';
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);

  app.use(pinoHttp({ logger, autoLogging: { ignore: (req) => req.url === '/healthz' } }));
  app.use(compression());

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const check = await orm.checkConnection();
    res.status(check.ok ? 200 : 503).json(check.ok ? { status: 'ready' } : { status: 'unavailable', message: 'Database unreachable' });
  });

  const contextFor = createRequestContext(orm);

  const apollo = await createApolloServer({ exposeInternals });
  app.use(
    '/graphql',
    express.json({ limit: '100kb' }),
    expressMiddleware(apollo, { context: async ({ req }) => contextFor(req) }),
  );

  app.use('/api', apiRouter(contextFor));
  app.use('/media', createMediaRouter());
  app.use(discoveryRoutes(config, contextFor));

  if (web) app.use(...(await web(contextFor)));

  app.use(errorHandler({ exposeInternals }));

  return {
    app,
    async close() {
      await apollo.stop();
    },
  };
}
