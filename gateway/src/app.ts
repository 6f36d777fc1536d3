import { randomUUID } from 'node:crypto';
import type { RequestListener } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { expressMiddleware } from '@as-integrations/express5';
import type { MikroORM } from '@mikro-orm/core';
import { type AnalyticsRecorder, type Clock, type ContentChangeListener, createAnalyticsRecorder, createServices, databaseHasRoom, holdReadsOnPrimary, onContentChange, type ScheduledContentWatcher, watchScheduledContent } from '../../schema/src/index.js';
import { countPageViews } from './analytics/page-view-counter.js';
import { blockedServerList } from './federation/blocked-server-list.js';
import { blockedServersRoutes } from './federation/blocked-servers.routes.js';
import { cacheProfiles, setSharedCacheSeconds } from './cache/cache-profiles.js';
import { createResponseCache, type ResponseCache } from './cache/response-cache.js';
import { createPageRefresher, othersWaitMs, REFRESH_BUDGET_MS } from './cache/page-refresh.js';
import { createProxyPurger, type ProxyPurger } from './cache/proxy-purges.js';
import { createSharedTier, type SharedTier } from './cache/shared-tier.js';
import type { Config } from './config/config.js';
import { createApolloServer } from './graphql/apollo-server.js';
import { unavailableAs503 } from './graphql/format-error.js';
import { persistedQueries } from './graphql/persisted-queries.js';
import { createDatabaseHealth, type DatabaseHealth } from './lifecycle/database-health.js';
import { cachedProbe } from './lifecycle/readiness-probe.js';
import { CoverRenderer, DEFAULT_RENDERER_OPTIONS } from './media/cover-renderer.js';
import { createMediaRouter } from './media/media.router.js';
import { errorHandler } from './middleware/error-handler.js';
import { requestLog } from './middleware/request-log.js';
import { createContextFor, type ContextFor } from './middleware/request-context.js';
import { createContentBus } from './redis/content-bus.js';
import { connectRedis, type SharedRedis } from './redis/shared-redis.js';
import { analyticsRoutes } from './rest/analytics.routes.js';
import { cacheRoutes } from './rest/cache.routes.js';
import { vitalsLimit } from './analytics/vitals-limit.js';
import { apiRouter } from './rest/api.router.js';
import { createContactLimiter } from './security/contact-limiter.js';
import { coverPreviews } from './media/cover-preview.js';
import { newsletterSettings } from './newsletter/newsletter-settings.js';
import { newsletterFormRoutes } from './ssr/newsletter-form.routes.js';
import { corsPolicy, foreignOriginCheck, graphqlCors } from './security/cors.js';
import { apiAccessLimit, requestLimit } from './security/api-key-limit.js';
import { type ApiKeyUsageTally, createApiKeyUsageTally } from './security/api-key-usage.js';
import { pageRateLimit } from './security/rate-limits.js';
import { securityHeaderLists } from './security/security-headers.js';
import { requestGate } from './routes/request-gate.js';
import { routeTable } from './routes/route-table.js';
import { refuseSourceMaps } from './security/source-maps.js';
import { correctionsFeedRoutes } from './seo/corrections-feed.routes.js';
import { discoveryRoutes } from './seo/discovery.routes.js';
import { agentReadRoutes } from './seo/agent-read.routes.js';
import { feedTopics, startWebSubPinger } from './seo/websub-pinger.js';
import { federationRoutes, startPublisher } from './federation/federation.routes.js';
import { createFediverseSite, type FediverseSite } from './federation/fediverse-site.js';
import { fediverseRepliesRoutes } from './federation/fediverse-replies.routes.js';
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
  /**
   * The site's one clock (lib/clock.ts): what readers see, a publish's "now", the scheduled
   * moments and the days counted traffic is dated by all read it (tests move it instead of waiting).
   */
  clock?: Clock;
  /**
   * How long a purge holds back the proxies while the processes render its pages again
   * (REFRESH_BUDGET_MS): tests of the order of things give it more than a busy machine needs.
   */
  refreshBudgetMs?: number;
}

export interface App {
  app: Express;
  /** The server's listener: the app itself (every request takes the same way: decision 070). */
  listener: RequestListener;
  /** Readiness: false once shutdown has begun, so load balancers stop sending traffic. */
  readiness: { ready: boolean };
  /** The response cache, when RESPONSE_CACHE_TTL_SECONDS is above 0. */
  cache: ResponseCache | null;
  /** The connections to Redis, when REDIS_URL is set (shared limits, cache and invalidation). */
  redis: SharedRedis | null;
  /** Outage and busy-pool logs; its state says whether the database is reachable. */
  health: DatabaseHealth;
  /** Scheduled articles and expiring ticker items: `refresh()` looks at the clock and the next moment now. */
  schedule: Pick<ScheduledContentWatcher, 'refresh' | 'nextAt'>;
  /** Page views and Web Vitals counted in memory, written every few seconds and on close. */
  analytics: Pick<AnalyticsRecorder, 'flush' | 'stats'>;
  /** Cover renders and decoded uploads: the app's one image queue and render cache. */
  covers: CoverRenderer;
  /** The site on the fediverse: Fedify loads with the first ActivityPub request or delivery. */
  fediverse: Pick<FediverseSite, 'loaded'>;
  /**
   * Where the server listens (http://host:port, reachable from this process): pages a write purged
   * from this process's cache are rendered again through it (decision 138). Until called, they wait for a reader.
   */
  serving(origin: string): void;
  /** Requests counted per partner API key, written every few seconds and on close. */
  apiKeyUsage: Pick<ApiKeyUsageTally, 'flush'>;
  /**
   * Past the shutdown timeout: transactions not yet committed roll back instead (their answer
   * could no longer reach the client).
   */
  stopWrites(): void;
  close(): Promise<void>;
}

/** How long a shutdown waits for a federation round in progress. */
const FEDERATION_DRAIN_MS = 5_000;

/** How often Idempotency-Keys older than 24 hours are forgotten. */
const IDEMPOTENCY_PURGE_INTERVAL_MS = 60 * 60 * 1_000;

/**
 * The mount order, top to bottom: proxy trust -> the request gate (log, target, security headers,
 * method, CORS, limit, auth, cache profile, page views, then cached answers, else the body by its
 * reader: built from the route declarations in routes/route-table.ts, decision 070) -> compression -> health -> /graphql and /api
 * (response cache) -> media -> source maps -> response cache -> discovery files -> web -> errors.
 */
export async function createApp({ config, orm, logger, web, csp = true, contentChanges = onContentChange, clock, refreshBudgetMs = REFRESH_BUDGET_MS }: AppDependencies): Promise<App> {
  const exposeInternals = config.env !== 'production';
  const readiness = { ready: true };
  const writes = { open: true };
  const health = createDatabaseHealth({ logger, check: async () => (await orm.checkConnection()).ok });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  // Every request's policy, then a cached answer, before anything else runs (the gate is mounted below, once the cache and limits exist).
  let gate: RequestHandler | null = null;
  app.use((req, res, next) => gate!(req, res, next));
  // Answers from the response cache never come this far: stored answers are compressed already.
  // Every size is compressed, as the cache keeps every answer compressed: the same bytes cold and warm.
  app.use(compression({ threshold: 0 }));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Several processes share limits, the response cache and invalidation through Redis when it is
  // configured; a start waits at most a second for it, and the site serves without it.
  const redis = config.redis ? connectRedis({ url: config.redis.url, keyPrefix: config.redis.keyPrefix, logger }) : null;
  if (redis) await redis.ready();

  // The database is asked at most once a second, however many probes arrive. Redis is reported (a
  // ping, cheap) but does not decide readiness: without it the process still serves (alone).
  const databaseCheck = cachedProbe(() => orm.checkConnection());
  const readinessCheck = () => Promise.all([databaseCheck(), redis ? redis.ping() : Promise.resolve(null)]);
  app.get('/readyz', async (_req, res) => {
    if (!readiness.ready) {
      res.status(503).json({ status: 'shutting-down', message: 'Shutting down' });
      return;
    }
    const [check, redisUp] = await readinessCheck();
    const shared = redisUp === null ? {} : { redis: redisUp ? 'up' : 'down' };
    res.status(check.ok ? 200 : 503).json(check.ok ? { status: 'ready', ...shared } : { status: 'unavailable', message: 'Database unreachable', ...shared });
  });

  const previews = coverPreviews(config.previewSecret);
  // ActivityPub (decision 101): the site, its categories and authors as accounts; readers' pages show the replies it keeps.
  const fediverse = createFediverseSite(config, {
    services: () => createServices(orm.em.fork(), { clock }),
    onError: (error, what) => logger.warn({ cause: error instanceof Error ? error.message : String(error) }, what),
    databaseHasRoom: () => databaseHasRoom(orm),
  });
  // One per app (a process runs one): its render cache and queue are shared by every cover request and upload.
  const covers = new CoverRenderer({ ...DEFAULT_RENDERER_OPTIONS, maxBytes: config.coverCacheBytes });
  const contextFor = createContextFor(orm, {
    adminToken: config.adminToken,
    settings: {
      // Uploaded pictures are decoded in the cover renders' queue: both share its cap.
      imageWork: (job) => covers.work(job),
      coverPreviewUrl: previews.sign,
      contact: { ownerEmail: config.contactEmail, limiter: createContactLimiter(config.contactRateLimitPerHour, redis), acceptingWrites: () => writes.open, minOfferAud: config.sale.minOfferAud, salePriceAud: config.sale.priceAud, sender: { siteUrl: config.siteUrl, siteName: config.siteName, contactEmail: config.contactEmail, contactPhone: config.contactPhone || undefined } },
      newsletter: newsletterSettings(config, redis),
      clock,
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
          onStore: (key, answer, res) => tier?.store(key, answer, res),
        })
      : null;
  // After a purge, the pages it dropped here are rendered again through this process's listener (decision 138).
  const refresher = createPageRefresher({ budgetMs: refreshBudgetMs, landed: cache ? (url) => cache.landed(url) : undefined });
  // The proxies in front hear of every purge: through a stream in Redis (sent at once, retried until taken), or from memory.
  let proxyPurger: ProxyPurger | null = null;
  const bus = redis
    ? await createContentBus({
        redis,
        forProxies: config.proxyPurgeUrls.length > 0,
        // The committing process tells the proxies once every process has rendered its pages again (or their budget is spent).
        othersWithinMs: othersWaitMs(refreshBudgetMs),
        onChange: (tags) => {
          // Another process committed a change: read it from the primary while replicas catch up.
          holdReadsOnPrimary();
          // The pages this process held are rendered again here (another process's copy, once in Redis, is taken instead).
          return refresher.refresh(cache?.purge(tags).read ?? []);
        },
      })
    : null;
  if (redis && bus && cache) tier = createSharedTier({ redis, bus, cache, ttlMs: config.responseCacheTtlMs });
  if (config.proxyPurgeUrls.length) proxyPurger = await createProxyPurger({ urls: config.proxyPurgeUrls, redis, logger, consumer: randomUUID() });
  // Only the answers showing what changed are dropped, here, in Redis and in every other process.
  // The pages it dropped here are rendered again first; the proxies hear of it after
  // (decision 138): with Redis the purge already waits for them in its stream, retried until taken.
  const stopListening = contentChanges((_entities, tags) => {
    const { read } = cache?.purge(tags) ?? { read: [] };
    // Rendered again once Redis has the purge (a render begun before it would not be shared), beside the other processes' renders.
    void (bus ? bus.publish(tags) : Promise.resolve(null))
      .then((published) => Promise.all([refresher.refresh(read), published?.othersSettled]))
      .finally(() => (bus ? proxyPurger?.kick() : proxyPurger?.enqueue(tags)));
  });
  // Scheduled articles appear and ticker items expire by the clock: announced as content changes at their time.
  // Its first read is done before the app serves, so it never competes with the first requests for a connection.
  const schedule = watchScheduledContent(orm, { clock, onError: (error) => logger.debug({ err: error }, 'reading the next scheduled change failed') });
  await schedule.ready;
  // INGEST_FEEDS' new items become drafts every INGEST_INTERVAL_MINUTES, one process at a time (decision 022).
  const feedIngest = config.ingest ? startFeedIngestJob({ orm, logger, ...config.ingest }) : null;
  // WEBSUB_HUB_URL: the hub hears of every change to the stories (decision 100), outside any request.
  const websub = config.websubHubUrl ? startWebSubPinger({ hubUrl: config.websubHubUrl, topics: () => feedTopics(config.siteUrl, createServices(orm.em.fork(), { clock })), logger }) : null;
  const stopWebSub = websub
    ? contentChanges((entities) => {
        if (entities.includes('Article')) websub.changed();
      })
    : null;
  // ActivityPub (decision 101): new stories federated outside any request.
  const publisher = startPublisher(fediverse, () => createServices(orm.em.fork(), { clock }), logger);
  // The first round (what was published while this process was down) is done before the app serves:
  // background work then never stands in the readers' queue for a connection at start.
  await Promise.race([publisher.idle(), delay(FEDERATION_DRAIN_MS, undefined, { ref: false })]);
  // Deliveries and received activities queued by an earlier run (one a crash interrupted) go out too.
  fediverse.start();
  const stopFederating = contentChanges((entities) => {
    if (entities.includes('Article')) publisher.changed();
  });
  const cached: RequestHandler[] = cache ? [...(tier ? [tier.middleware] : []), cache.middleware] : [];
  // First-party audience counts (decision 024): added up in memory, written in batches, never on a page's path.
  const analytics = createAnalyticsRecorder(orm, { now: clock, onError: (error) => logger.warn({ err: error }, 'writing audience counts failed; kept for the next write') });

  // Public reads are open to any origin (no credentials); writes, admin and inquiries stay same-origin.
  const isForeignOrigin = foreignOriginCheck(config.siteUrl);
  setSharedCacheSeconds(config.sharedCacheSeconds);
  const profiles = cacheProfiles(config.responseCacheTtlMs);
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
  // Persisted queries: in Redis when set (every process finds them), else in this process's memory.
  const persisted = persistedQueries(redis);
  const apollo = await createApolloServer({
    exposeInternals,
    onRefused: (error, detail) => health.refused(error, detail),
    isForeignOrigin,
    sameOriginOnly: (context) => graphqlCorsHeaders.sameOriginOnly(context),
    persistedQueries: persisted,
  });
  gate = requestGate({
    routes: routeTable(),
    log: requestLog(logger),
    security: securityHeaderLists({ csp }),
    cors: corsPolicy(isForeignOrigin),
    limits: { api: limit, page: requestLimit(pageRateLimit(config.pageRateLimitPerMinute, redis)) },
    // The one role check (services.editors.require), memoised per request: GraphQL's resolvers ask the same.
    access: (req, permission) => {
      const { services, viewer } = contextFor(req);
      return services.editors.require(viewer, permission);
    },
    profiles,
    pageViews: countPageViews({ recorder: analytics, siteUrl: config.siteUrl }),
    cache,
  });
  app.use(
    '/graphql',
    // Anonymous queries (GET or POST, persisted ones too) are kept like API reads, for their
    // Cache-Control's public life; a POST is keyed by its body, so the body is read first.
    ...cached,
    // HEAD is a GET without its body (Node leaves the body out), as Express answers it for every GET route.
    (req, _res, next) => {
      if (req.method === 'HEAD') req.method = 'GET';
      next();
    },
    // Errors all SERVICE_UNAVAILABLE: 503 with Retry-After, or the last good copy.
    unavailableAs503,
    expressMiddleware(apollo, { context: async ({ req, res }) => persisted.bind(graphqlCorsHeaders.bind(contextFor(req), res), req) }),
  );

  // The servers refused at the inbox: the configuration's and the owner's, read again at most every 30 s.
  const blockedServers = blockedServerList({
    configured: config.activityPub.blockedServers,
    read: async () => (await createServices(orm.em.fork(), { clock }).blockedServers.list()).map((b) => b.domain),
  });
  app.use('/api', blockedServersRoutes(contextFor, blockedServers, config.activityPub.blockedServers));
  app.use('/api', fediverseRepliesRoutes(fediverse, contextFor));
  app.use('/api', cacheRoutes(cache, refresher));
  app.use('/api', ...cached, analyticsRoutes({ contextFor, recorder: analytics, vitals: vitalsLimit({ perMinute: config.vitalsRateLimitPerMinute, redis }), followerCounts: (services) => fediverse.followerCounts(services) }), apiRouter(contextFor));
  app.use(
    '/media',
    createMediaRouter({
      redis,
      renderer: covers,
      coverKeyExists: (key, req) => contextFor(req).services.articles.coverKeyExists(key),
      previews,
      isEditor: (req) => {
        const { services, viewer } = contextFor(req);
        return services.editors.require(viewer, 'content').then(
          () => true,
          () => false,
        );
      },
      authorPhoto: (name, req) => contextFor(req).services.authors.photoFile(name),
      uploads: {
        exists: (name, req, unpublished) => contextFor(req).services.articleCovers.exists(name, { unpublished }),
        master: async (name, req) => (await contextFor(req).services.articleCovers.master(name))?.data ?? null,
      },
    }),
  );
  if (!config.serveSourceMaps) app.use(refuseSourceMaps);
  if (cache) app.use(...cached);
  app.use(...federationRoutes(fediverse, contextFor, { blockedServers, redis }));
  app.use(discoveryRoutes(config, contextFor));
  app.use(correctionsFeedRoutes(config, contextFor));
  app.use(agentReadRoutes(config, contextFor));
  app.use(domainReportRoutes(config, contextFor, { now: analytics.now }));
  // The newsletter's forms without JavaScript: posted, then 303 to the page with the outcome.
  app.use(newsletterFormRoutes(contextFor));

  if (web) app.use(...(await web(contextFor)));

  app.use(errorHandler({ exposeInternals, health }));

  return {
    app,
    listener: app,
    readiness,
    cache,
    redis,
    health,
    schedule,
    apiKeyUsage,
    analytics,
    covers,
    fediverse,
    serving: (origin) => refresher.serving(origin),
    stopWrites() {
      writes.open = false;
    },
    async close() {
      stopListening();
      schedule.stop();
      await feedIngest?.stop();
      stopWebSub?.();
      await websub?.stop();
      stopFederating();
      // A round stuck on a database that stopped answering must not hold the shutdown: its sends are
      // in Fedify's queue, and the next start federates what this one had not reached.
      await Promise.race([publisher.idle(), delay(FEDERATION_DRAIN_MS, undefined, { ref: false })]);
      await fediverse.close();
      clearInterval(purgeKeys);
      health.stop();
      await apollo.stop();
      await apiKeyUsage.close();
      await analytics.close().catch((error: unknown) => logger.warn({ err: error }, 'writing the last audience counts failed'));
      proxyPurger?.close();
      refresher.close();
      await bus?.close();
      await redis?.close();
    },
  };
}
