import type { RequestListener } from 'node:http';
import compression from 'compression';
import express, { type Express, type Request, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { expressMiddleware } from '@as-integrations/express5';
import type { MikroORM } from '@mikro-orm/core';
import { type AnalyticsRecorder, type ContentChangeListener, createAnalyticsRecorder, createServices, holdReadsOnPrimary, onContentChange, watchScheduledContent } from '../../schema/src/index.js';
import { countPageViews } from './analytics/page-view-counter.js';
import { apiCacheControl } from './cache/cache-control.js';
import { cachedReadLane, unlessRanByLane, withLeanPart } from './cache/cached-read-lane.js';
import { createResponseCache, type ResponseCache } from './cache/response-cache.js';
import { createSharedTier, type SharedTier } from './cache/shared-tier.js';
import type { Config } from './config/config.js';
import { createApolloServer } from './graphql/apollo-server.js';
import { graphqlBody } from './graphql/graphql-body.js';
import { sharedPersistedQueries } from './graphql/persisted-queries.js';
import { createDatabaseHealth, type DatabaseHealth } from './lifecycle/database-health.js';
import { createMediaRouter } from './media/media.router.js';
import { errorHandler } from './middleware/error-handler.js';
import { methodNotAllowed } from './middleware/method-not-allowed.js';
import { beforeExpress } from './middleware/before-express.js';
import { requestLog } from './middleware/request-log.js';
import { createContextFor, type ContextFor } from './middleware/request-context.js';
import { createContentBus } from './redis/content-bus.js';
import { connectRedis, type SharedRedis } from './redis/shared-redis.js';
import { analyticsRoutes } from './rest/analytics.routes.js';
import { apiRouter } from './rest/api.router.js';
import { createContactLimiter } from './security/contact-limiter.js';
import { apiCors, foreignOriginCheck, graphqlCors } from './security/cors.js';
import { apiAccessLimit } from './security/api-key-limit.js';
import { type ApiKeyUsageTally, createApiKeyUsageTally } from './security/api-key-usage.js';
import { pageRateLimit } from './security/rate-limits.js';
import { originFormTarget } from './security/request-target.js';
import { securityHeaderLists, securityHeaders, setHeaderList } from './security/security-headers.js';
import { refuseSourceMaps } from './security/source-maps.js';
import { discoveryRoutes } from './seo/discovery.routes.js';
import { domainReportRoutes } from './domain/domain-report.routes.js';
import { startFeedIngestJob } from './ingest/feed-ingest-job.js';

export interface AppDependencies {
  config: Config;
  orm: MikroORM;
  logger: Logger;
  /** Serves the web app (static assets and server rendering); mounted last, before the error handler. */
  web?: (contextFor: ContextFor) => Promise<RequestHandler[]> | RequestHandler[];
  /** Content-Security-Policy on (off only for the Vite development server). */
  csp?: boolean;
  /**
   * Where this process hears of its own committed content changes (default: the ORM's
   * announcements, `onContentChange`). Tests that run two apps in one process give one of them
   * none, so what it learns of the other's changes can only come through Redis.
   */
  contentChanges?: (listener: ContentChangeListener) => () => void;
  /** The clock that dates counted traffic (tests move it across days). */
  analyticsClock?: () => Date;
}

export interface App {
  app: Express;
  /** The server's listener: the request log and cached reads before Express, then the app (decision 039). */
  listener: RequestListener;
  /** Readiness: false once shutdown has begun, so load balancers stop sending traffic. */
  readiness: { ready: boolean };
  /** The response cache, when RESPONSE_CACHE_TTL_SECONDS is above 0. */
  cache: ResponseCache | null;
  /** The connections to Redis, when REDIS_URL is set (shared limits, cache and invalidation). */
  redis: SharedRedis | null;
  /** Outage and busy-pool logs; its state says whether the database is reachable. */
  health: DatabaseHealth;
  /** Page views and Web Vitals counted in memory, written every few seconds and on close. */
  analytics: Pick<AnalyticsRecorder, 'flush' | 'stats'>;
  /** Requests counted per partner API key, written every few seconds and on close. */
  apiKeyUsage: Pick<ApiKeyUsageTally, 'flush'>;
  /**
   * Past the shutdown timeout: transactions not yet committed roll back instead (their answer
   * could no longer reach the client).
   */
  stopWrites(): void;
  close(): Promise<void>;
}

/** How often Idempotency-Keys older than 24 hours are forgotten. */
const IDEMPOTENCY_PURGE_INTERVAL_MS = 60 * 60 * 1_000;

/**
 * Public API reads may be kept by browsers (revalidating with their ETag) and by shared caches for a
 * short while; routes that must not be (admin, errors) set their own Cache-Control.
 */
function publicReads(cacheControl: string): RequestHandler {
  const headers: [string, string][] = [['cache-control', cacheControl]];
  const none: [string, string][] = [];
  // The same lists every time: the cache keeps its merged headers for them (decision 037).
  const headersFor = (req: Request) => (req.method === 'GET' || req.method === 'HEAD' ? headers : none);
  const middleware: RequestHandler = (req, res, next) => {
    setHeaderList(res, headersFor(req));
    next();
  };
  return withLeanPart(middleware, { kind: 'headers', headers: headersFor });
}

/**
 * The mount order, top to bottom: proxy trust -> logging -> cached reads of /api and /graphql,
 * GraphQL queries by POST too (the security headers and their mount's own handlers, then the cache:
 * decisions 032 and 037) -> security headers -> compression (not
 * for what the response cache holds) ->
 * request target and method -> health -> CORS and rate limits -> /graphql and /api (response cache) -> media ->
 * page rate limit (and source maps) -> page view count -> response cache ->
 * discovery files -> web -> errors. Logging and cached reads run in the server's listener, before
 * Express, when the server uses `App.listener` (decision 039).
 */
export async function createApp({ config, orm, logger, web, csp = true, contentChanges = onContentChange, analyticsClock }: AppDependencies): Promise<App> {
  const exposeInternals = config.env !== 'production';
  const readiness = { ready: true };
  const writes = { open: true };
  const health = createDatabaseHealth({ logger, check: async () => (await orm.checkConnection()).ok });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  // Cached reads of /api and /graphql take the short way, once the cache and limits exist (below).
  // Before the security headers: the lane sets them itself, on a hit in the same writeHead (decision 037).
  // Both run in the server's listener, before Express (decision 039).
  let cachedReads: RequestHandler | null = null;
  const front = beforeExpress(app, [requestLog(logger), (req, res, next) => (cachedReads ? cachedReads(req, res, next) : next())]);
  app.use(front.inApp);
  app.use(...securityHeaders({ csp }));
  // Skipped for a request the response cache holds a fresh answer to: stored answers are compressed already.
  const compress = compression();
  app.use((req, res, next) => (cache?.holds(req) ? next() : compress(req, res, next)));
  // Hostile request lines first: absolute-form targets route on their path only, unknown methods get 405.
  app.use(originFormTarget, methodNotAllowed);

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Several processes share limits, the response cache and invalidation through Redis when it is
  // configured; a start waits at most a second for it, and the site serves without it.
  const redis = config.redis ? connectRedis({ url: config.redis.url, keyPrefix: config.redis.keyPrefix, logger }) : null;
  if (redis) await redis.ready();

  app.get('/readyz', async (_req, res) => {
    if (!readiness.ready) {
      res.status(503).json({ status: 'shutting-down', message: 'Shutting down' });
      return;
    }
    // Redis is reported but does not decide readiness: without it the process still serves (alone).
    const [check, redisUp] = await Promise.all([orm.checkConnection(), redis ? redis.ping() : Promise.resolve(null)]);
    const shared = redisUp === null ? {} : { redis: redisUp ? 'up' : 'down' };
    res.status(check.ok ? 200 : 503).json(check.ok ? { status: 'ready', ...shared } : { status: 'unavailable', message: 'Database unreachable', ...shared });
  });

  const contextFor = createContextFor(orm, {
    adminToken: config.adminToken,
    settings: {
      contact: { ownerEmail: config.contactEmail, limiter: createContactLimiter(config.contactRateLimitPerHour, redis), acceptingWrites: () => writes.open, minOfferAud: config.sale.minOfferAud },
    },
  });
  const purgeKeys = setInterval(() => {
    createServices(orm.em.fork())
      .contact.purgeExpiredIdempotencyKeys()
      .catch((error: unknown) => logger.debug({ err: error }, 'idempotency key purge failed'));
  }, IDEMPOTENCY_PURGE_INTERVAL_MS);
  purgeKeys.unref();

  // Render once, serve many: anonymous reads are kept until content changes (every committed write).
  // With Redis: a second tier every process reads, invalidation published to every process, and no
  // cache at all while Redis is unreachable (this process would not hear of the others' changes).
  let tier: SharedTier | null = null;
  const cache: ResponseCache | null =
    config.responseCacheTtlMs > 0
      ? createResponseCache({
          ttlMs: config.responseCacheTtlMs,
          maxBytes: config.responseCacheBytes,
          staleMs: config.responseCacheStaleMs,
          bypass: redis ? () => !redis.up : undefined,
          onStore: (key, answer) => tier?.store(key, answer),
        })
      : null;
  const bus = redis
    ? await createContentBus({
        redis,
        onChange: () => {
          // Another process committed a change: read it from the primary while replicas catch up.
          holdReadsOnPrimary();
          cache?.invalidate();
        },
      })
    : null;
  if (redis && bus && cache) tier = createSharedTier({ redis, bus, cache, ttlMs: config.responseCacheTtlMs });
  const stopListening = contentChanges((entities) => {
    cache?.invalidate();
    bus?.publish(entities);
  });
  // Scheduled articles appear and ticker items expire by the clock: announced as content changes at their time.
  // Its first read is done before the app serves, so it never competes with the first requests for a connection.
  const schedule = watchScheduledContent(orm, { onError: (error) => logger.debug({ err: error }, 'reading the next scheduled change failed') });
  await schedule.ready;
  // INGEST_FEEDS' new items become drafts every INGEST_INTERVAL_MINUTES, one process at a time (decision 022).
  const feedIngest = config.ingest ? startFeedIngestJob({ orm, logger, ...config.ingest }) : null;
  const cached: RequestHandler[] = cache ? [...(tier ? [tier.middleware] : []), cache.middleware] : [];
  // First-party audience counts (decision 024): added up in memory, written in batches, never on a page's path.
  const analytics = createAnalyticsRecorder(orm, { now: analyticsClock, onError: (error) => logger.warn({ err: error }, 'writing audience counts failed; kept for the next write') });

  // Public reads are open to any origin (no credentials); writes, admin and inquiries stay same-origin.
  const isForeignOrigin = foreignOriginCheck(config.siteUrl);
  const graphqlCorsHeaders = graphqlCors();
  // Partners' API keys (X-Api-Key) have their own limit and daily counts; without one, the per-client limit.
  const apiKeyUsage = createApiKeyUsageTally({ record: (counts) => createServices(orm.em.fork()).apiKeys.recordUsage(counts), logger });
  const limit = apiAccessLimit({
    anonymousPerMinute: config.apiRateLimitPerMinute,
    keyPerMinute: config.apiKeyRateLimitPerMinute,
    redis,
    check: (req, keyHash) => contextFor(req).services.apiKeys.check(keyHash),
    usage: apiKeyUsage,
  });
  const apollo = await createApolloServer({
    exposeInternals,
    onRefused: (error, detail) => health.refused(error, detail),
    isForeignOrigin,
    sameOriginOnly: (context) => graphqlCorsHeaders.sameOriginOnly(context),
    persistedQueries: redis ? sharedPersistedQueries(redis) : undefined,
  });
  const graphqlBeforeCache = [graphqlCorsHeaders.middleware, limit, graphqlBody(contextFor)];
  app.use(
    '/graphql',
    // Run once: the short way may have run them for a POST already (decision 032).
    ...unlessRanByLane(graphqlBeforeCache),
    // Anonymous queries (GET or POST, persisted ones too) are kept like API reads, for their
    // Cache-Control's public life; a POST is keyed by its body, so the body is read first.
    ...cached,
    expressMiddleware(apollo, { context: async ({ req, res }) => graphqlCorsHeaders.bind(contextFor(req), res) }),
  );

  const apiBeforeCache = [apiCors(isForeignOrigin), limit, publicReads(apiCacheControl(config.responseCacheTtlMs))];
  app.use('/api', ...apiBeforeCache, ...cached, analyticsRoutes({ contextFor, recorder: analytics }), apiRouter(contextFor));
  if (cache) {
    cachedReads = cachedReadLane(
      cache,
      [
        { path: '/api', before: apiBeforeCache },
        { path: '/graphql', before: graphqlBeforeCache, posts: true },
      ],
      { securityHeaders: securityHeaderLists({ csp }) },
    );
  }
  app.use(
    '/media',
    createMediaRouter({
      coverKeyExists: (key, req) => contextFor(req).services.articles.coverKeyExists(key),
      uploads: {
        exists: (name, req) => contextFor(req).services.articleCovers.exists(name),
        master: async (name, req) => (await contextFor(req).services.articleCovers.master(name))?.data ?? null,
      },
    }),
  );
  // Everything below (discovery files, pages, the client's files) counts against a generous per-client limit.
  app.use(pageRateLimit(config.pageRateLimitPerMinute, redis));
  if (!config.serveSourceMaps) app.use(refuseSourceMaps);
  // Page views are counted before the response cache answers, so cached pages count too.
  app.use(countPageViews({ recorder: analytics, siteUrl: config.siteUrl }));
  if (cache) app.use(...cached);
  app.use(discoveryRoutes(config, contextFor));
  app.use(domainReportRoutes(config, contextFor, { now: analytics.now }));

  if (web) app.use(...(await web(contextFor)));

  app.use(errorHandler({ exposeInternals, health }));

  return {
    app,
    listener: front.listener,
    readiness,
    cache,
    redis,
    health,
    apiKeyUsage,
    analytics,
    stopWrites() {
      writes.open = false;
    },
    async close() {
      stopListening();
      schedule.stop();
      await feedIngest?.stop();
      clearInterval(purgeKeys);
      health.stop();
      await apollo.stop();
      await apiKeyUsage.close();
      await analytics.close().catch((error: unknown) => logger.warn({ err: error }, 'writing the last audience counts failed'));
      await bus?.close();
      await redis?.close();
    },
  };
}
