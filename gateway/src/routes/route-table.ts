import { LRUCache } from 'lru-cache';
import { COVER_BASE64_MAX_LENGTH, COVER_UPLOAD_LIMITS, type Permission } from '../../../schema/src/index.js';
import type { CacheProfileName } from '../cache/cache-profiles.js';

/**
 * Who may call a route from a page on another origin:
 * - `publicRead`: any origin, no credentials, for the route's reads (GET, HEAD; a GraphQL POST too,
 *   whose mutations the GraphQL layer takes the CORS headers away from); preflights answered 204.
 * - `sameOrigin`: preflights refused (403); a write from a page on another origin refused (403).
 * - `none`: no CORS headers, Express's own answer to OPTIONS (pages, files).
 */
export type CorsClass = 'publicRead' | 'sameOrigin' | 'none';

/**
 * The per-minute limit a request counts against: `api` (per client, or per partner key with
 * X-Api-Key), `page` (per client, generous), or `none` (health probes; images, whose renders have
 * their own queue).
 */
export type LimitName = 'api' | 'page' | 'none';

/** A cost counted where the work is done, on top of the per-minute limit. */
export type Quota = 'contact' | 'render' | 'vitals';

/**
 * How a route's body is read (routes/body-readers.ts), for its POST, PUT and PATCH only:
 * - `json`: JSON only (415 otherwise), any JSON value;
 * - `graphql`: a GraphQL request in JSON, read ahead for the response cache's key;
 * - `articleWrite`: JSON, or multipart/form-data with the picture as the file `cover` (415 otherwise);
 * - `authorPhoto`: multipart/form-data with the picture as the file `photo` (415 otherwise);
 * - `form`: a urlencoded form only (415 otherwise), at most 50 fields;
 * - `formOrJson`: either, or none (mail providers' one-click posts, whose token is in the URL);
 * - `vitals`: text/plain (navigator.sendBeacon) or JSON, kept as text (415 otherwise);
 * - `stream`: left unread for the handler to stream (ActivityPub inboxes: Fedify reads and
 *   verifies it), so its Content-Length is required (411) and checked before a byte is read.
 * Beyond its size in bytes: 413, and a malformed body 400.
 */
export interface BodyPolicy {
  reader: 'graphql' | 'json' | 'articleWrite' | 'authorPhoto' | 'form' | 'formOrJson' | 'vitals' | 'stream';
  /** Bytes. */
  limit: number;
  /** GraphQL: the larger limit of a bearer token with the newsroom's `content` permission (a base64 cover). */
  editorLimit?: number;
  /** articleWrite: the limit of a multipart body (a cover at its limit and the fields). */
  multipartLimit?: number;
}

/**
 * Who may call it: `anyone`, or a bearer token (the owner's ADMIN_TOKEN or an editor's) whose
 * role has this permission: 401 without a valid one, 403 for a role without it. Checked by the
 * gate before the body is read; the handler finds the editor in `res.locals.editor`.
 */
export type AuthPolicy = 'anyone' | Permission;

/** One route's policy, declared once: the request gate and the 405 answers are built from it. */
export interface RoutePolicy {
  /** Express-style path: `:name` is one segment, a trailing `*` any rest (case-insensitive, a trailing slash ignored). */
  path: string;
  /** Methods answered (HEAD goes with GET). */
  methods: readonly string[];
  cors: CorsClass;
  /** The profile its answers carry unless the handler's answer decides otherwise (an error is always noStore). */
  cache: CacheProfileName;
  limit: LimitName;
  quota?: Quota;
  body?: BodyPolicy;
  auth: AuthPolicy;
  /** Reader page views are counted on it (analytics/page-view-counter.ts). */
  countsPageViews?: boolean;
  /** GET (and HEAD) answers the Apollo Sandbox page, which loads Apollo's hosted explorer: its own CSP. */
  sandboxOnGet?: boolean;
  /** Where its handler lives. */
  handler: string;
}

const KB = 1024;
const READ = ['GET'] as const;
const api = { limit: 'api', auth: 'anyone' } as const;
const publicApiRead = { ...api, methods: READ, cors: 'publicRead', cache: 'apiRead', handler: 'rest/articles.routes.ts' } as const;
/** The newsroom's bodies: up to 50,000 characters of an article's text, which may take three bytes each. */
const NEWSROOM_BODY: BodyPolicy = { reader: 'json', limit: 512 * KB };
const newsroom = { limit: 'api', cors: 'sameOrigin', cache: 'noStore', auth: 'content', body: NEWSROOM_BODY } as const;
/** Article writes: JSON, or a multipart form with a cover at its limit and a megabyte of fields (decision 023). */
const articleWrite: BodyPolicy = { reader: 'articleWrite', limit: NEWSROOM_BODY.limit, multipartLimit: COVER_UPLOAD_LIMITS.maxBytes + 1024 * KB };
/** The owner's text of a standards page: JSON.stringify of the longest (50,000 characters, three bytes each at most) fits. */
const standardsPages = { ...newsroom, auth: 'standards', body: { reader: 'json', limit: 256 * KB } } as const;
const SUBSCRIPTION_BODY: BodyPolicy = { reader: 'json', limit: 8 * KB };
const page = { methods: READ, cors: 'none', cache: 'page', limit: 'page', auth: 'anyone', countsPageViews: true } as const;

/**
 * Every path the server answers, first match wins. What runs for a request, in order
 * (routes/request-gate.ts): the request log, the request target check, security headers, the
 * method (405 with Allow), CORS, the limit, the auth, the cache profile, page views, then a fresh
 * answer from the response cache, else the body by its reader and the handler (mounted in app.ts).
 */
export const ROUTES: readonly RoutePolicy[] = [
  { path: '/healthz', methods: READ, cors: 'none', cache: 'noStore', limit: 'none', auth: 'anyone', handler: 'app.ts' },
  { path: '/readyz', methods: READ, cors: 'none', cache: 'noStore', limit: 'none', auth: 'anyone', handler: 'app.ts' },
  {
    path: '/graphql',
    methods: ['GET', 'POST'],
    cors: 'publicRead',
    cache: 'graphqlQuery',
    ...api,
    // An editor's larger limit: room for one base64 cover (uploadArticleCover) and the rest of the request.
    body: { reader: 'graphql', limit: 100 * KB, editorLimit: COVER_BASE64_MAX_LENGTH + 512 * KB },
    sandboxOnGet: true,
    handler: 'graphql/apollo-server.ts',
  },
  { ...publicApiRead, path: '/api/articles' },
  { ...publicApiRead, path: '/api/articles/most-read', handler: 'rest/newsletter.routes.ts' },
  { ...publicApiRead, path: '/api/articles/:id' },
  // Approved replies from the fediverse: read from the federation store each time, never kept (the pages' read is tagged, decision 123).
  { ...publicApiRead, path: '/api/articles/:id/replies', cache: 'noStore', handler: 'federation/fediverse-replies.routes.ts' },
  { ...publicApiRead, path: '/api/categories/:category/articles' },
  { ...publicApiRead, path: '/api/authors', handler: 'rest/authors.routes.ts' },
  { ...publicApiRead, path: '/api/authors/:slug', handler: 'rest/authors.routes.ts' },
  { ...publicApiRead, path: '/api/corrections', handler: 'rest/corrections.routes.ts' },
  { ...publicApiRead, path: '/api/breaking-news', handler: 'rest/breaking-news.routes.ts' },
  { ...publicApiRead, path: '/api/search', handler: 'rest/search.routes.ts' },
  { ...publicApiRead, path: '/api/search/authors', handler: 'rest/search.routes.ts' },
  {
    path: '/api/contact',
    methods: ['POST'],
    cors: 'sameOrigin',
    cache: 'noStore',
    ...api,
    quota: 'contact',
    body: { reader: 'json', limit: 100 * KB },
    handler: 'rest/contact.routes.ts',
  },
  // The newsletter (decision 095): subscribing counts against its own hourly limit in the service.
  ...['/api/newsletter/subscriptions', '/api/newsletter/confirmations'].map((path) => ({
    path,
    methods: ['POST'],
    cors: 'sameOrigin' as const,
    cache: 'noStore' as const,
    ...api,
    body: SUBSCRIPTION_BODY,
    handler: 'rest/newsletter.routes.ts',
  })),
  // One-click unsubscribe is posted by mail providers (RFC 8058), a form body without an Origin.
  { path: '/api/newsletter/unsubscribe', methods: ['POST'], cors: 'sameOrigin', cache: 'noStore', ...api, body: { reader: 'formOrJson', limit: 8 * KB }, handler: 'rest/newsletter.routes.ts' },
  { path: '/api/newsletter/preferences', methods: ['GET', 'PUT'], cors: 'sameOrigin', cache: 'noStore', ...api, body: SUBSCRIPTION_BODY, handler: 'rest/newsletter.routes.ts' },
  // A page's Web Vitals batch is a few hundred bytes; reports per address have their own limit (VITALS_RATE_LIMIT).
  { path: '/api/vitals', methods: ['POST'], cors: 'sameOrigin', cache: 'noStore', ...api, quota: 'vitals', body: { reader: 'vitals', limit: 4 * KB }, handler: 'rest/analytics.routes.ts' },
  { ...newsroom, path: '/api/admin/articles', methods: ['GET', 'POST'], body: articleWrite, handler: 'rest/newsroom-articles.routes.ts' },
  { ...newsroom, path: '/api/admin/articles/:id', methods: ['GET', 'PATCH', 'DELETE'], body: articleWrite, handler: 'rest/newsroom-articles.routes.ts' },
  { ...newsroom, path: '/api/admin/articles/:id/corrections', methods: ['POST'], handler: 'rest/corrections.routes.ts' },
  { ...newsroom, path: '/api/admin/authors', methods: ['POST'], handler: 'rest/authors.routes.ts' },
  { ...newsroom, path: '/api/admin/authors/:slug', methods: ['PATCH'], handler: 'rest/authors.routes.ts' },
  // A photo at the cover's limit and the form around it; DELETE returns to the generated portrait.
  { ...newsroom, path: '/api/admin/authors/:slug/photo', methods: ['PUT', 'DELETE'], body: { reader: 'authorPhoto', limit: COVER_UPLOAD_LIMITS.maxBytes + 64 * KB }, handler: 'rest/authors.routes.ts' },
  { ...newsroom, path: '/api/admin/breaking-news', methods: ['GET', 'POST'], handler: 'rest/newsroom-breaking-news.routes.ts' },
  { ...newsroom, path: '/api/admin/breaking-news/order', methods: ['PUT'], handler: 'rest/newsroom-breaking-news.routes.ts' },
  { ...newsroom, path: '/api/admin/breaking-news/:id', methods: ['PATCH', 'DELETE'], handler: 'rest/newsroom-breaking-news.routes.ts' },
  { ...newsroom, path: '/api/admin/partners', methods: ['GET', 'POST'], handler: 'rest/newsroom-partners.routes.ts' },
  { ...newsroom, path: '/api/admin/partners/:id', methods: ['PATCH'], handler: 'rest/newsroom-partners.routes.ts' },
  { ...standardsPages, path: '/api/admin/standards-pages', methods: READ, handler: 'rest/standards-pages.routes.ts' },
  { ...standardsPages, path: '/api/admin/standards-pages/:slug', methods: ['GET', 'PUT', 'DELETE'], handler: 'rest/standards-pages.routes.ts' },
  { path: '/api/admin/inquiries', methods: READ, cors: 'sameOrigin', cache: 'noStore', ...api, auth: 'inquiries', handler: 'rest/admin.routes.ts' },
  { path: '/api/admin/api-keys', methods: READ, cors: 'sameOrigin', cache: 'noStore', ...api, auth: 'apiKeys', handler: 'rest/api-keys.routes.ts' },
  { path: '/api/admin/analytics', methods: READ, cors: 'sameOrigin', cache: 'noStore', ...api, auth: 'analytics', handler: 'rest/analytics.routes.ts' },
  { path: '/api/admin/cache', methods: READ, cors: 'sameOrigin', cache: 'noStore', ...api, auth: 'analytics', handler: 'rest/cache.routes.ts' },
  { ...newsroom, path: '/api/admin/fediverse/replies/:articleId', methods: READ, handler: 'federation/fediverse-replies.routes.ts' },
  // The owner's list of servers refused at the inbox.
  { ...newsroom, path: '/api/admin/fediverse/blocked-servers', methods: ['GET', 'POST'], auth: 'fediverse', handler: 'federation/blocked-servers.routes.ts' },
  { ...newsroom, path: '/api/admin/fediverse/blocked-servers/:domain', methods: ['DELETE'], auth: 'fediverse', handler: 'federation/blocked-servers.routes.ts' },
  ...['/api/admin/fediverse/replies/:articleId/approve', '/api/admin/fediverse/replies/:articleId/remove'].map((path) => ({ ...newsroom, path, methods: ['POST'], handler: 'federation/fediverse-replies.routes.ts' })),
  { path: '/api/admin/*', methods: READ, cors: 'sameOrigin', cache: 'noStore', ...api, auth: 'content', handler: 'rest/newsroom-articles.routes.ts' },
  // Anything else under /api: a JSON 404 (middleware/api-not-found.ts).
  { path: '/api/*', methods: READ, cors: 'sameOrigin', cache: 'noStore', ...api, handler: 'middleware/api-not-found.ts' },
  { path: '/media/*', methods: READ, cors: 'none', cache: 'immutableAsset', limit: 'none', quota: 'render', auth: 'anyone', handler: 'media/media.router.ts' },
  { ...page, path: '/robots.txt', cache: 'feed', handler: 'seo/discovery.routes.ts' },
  { ...page, path: '/sitemap.xml', cache: 'feed', handler: 'seo/discovery.routes.ts' },
  { ...page, path: '/sitemaps/*', cache: 'feed', handler: 'seo/discovery.routes.ts' },
  { ...page, path: '/rss.xml', cache: 'feed', handler: 'seo/discovery.routes.ts' },
  { ...page, path: '/categories/:category/rss.xml', cache: 'feed', handler: 'seo/discovery.routes.ts' },
  { ...page, path: '/corrections/rss.xml', cache: 'feed', handler: 'seo/corrections-feed.routes.ts' },
  { ...page, path: '/corrections/feed.json', cache: 'feed', handler: 'seo/corrections-feed.routes.ts' },
  { ...page, path: '/feed.json', cache: 'feed', handler: 'seo/discovery.routes.ts' },
  { ...page, path: '/categories/:category/feed.json', cache: 'feed', handler: 'seo/discovery.routes.ts' },
  { ...page, path: '/authors/:author/rss.xml', cache: 'feed', handler: 'seo/discovery.routes.ts' },
  { ...page, path: '/authors/:author/feed.json', cache: 'feed', handler: 'seo/discovery.routes.ts' },
  // Pages as Markdown for agents (the pages' own paths answer it too, by Accept): cached as pages are.
  { ...page, path: '/llms.txt', handler: 'seo/agent-read.routes.ts' },
  ...['/index.md', '/about.md', '/contact.md', '/domain.md', '/categories.md', '/categories/:category.md', '/articles/:id.md'].map((path) => ({
    ...page,
    path,
    handler: 'seo/agent-read.routes.ts',
  })),
  // ActivityPub (federation/federation.routes.ts): discovery and actors are public reads; inboxes take signed activities.
  ...['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/2.1', '/ap/actors/:identifier', '/ap/actors/:identifier/outbox'].map((path) => ({
    ...api,
    path,
    methods: READ,
    cors: 'publicRead' as const,
    cache: 'apiRead' as const,
    handler: 'federation/federation.routes.ts',
  })),
  // Follows and unfollows change the count without a content change: never kept.
  { ...api, path: '/ap/actors/:identifier/followers', methods: READ, cors: 'publicRead', cache: 'noStore', handler: 'federation/federation.routes.ts' },
  // An activity is at most 256 kB, with its length said first.
  ...['/ap/inbox', '/ap/actors/:identifier/inbox'].map((path) => ({
    ...api,
    path,
    methods: ['POST'],
    cors: 'none' as const,
    cache: 'noStore' as const,
    body: { reader: 'stream' as const, limit: 256 * KB },
    handler: 'federation/federation.routes.ts',
  })),
  { ...page, path: '/domain/report.pdf', cache: 'feed', handler: 'domain/domain-report.routes.ts' },
  { ...page, path: '/assets/*', cache: 'immutableAsset', handler: 'ssr/web.ts' },
  // The contact and offer pages also take their form by POST (without script), answered with the page.
  ...['/contact', '/domain'].map((path) => ({
    ...page,
    path,
    methods: ['GET', 'POST'],
    cors: 'sameOrigin' as const,
    quota: 'contact' as const,
    body: { reader: 'form' as const, limit: 100 * KB },
    handler: 'ssr/inquiry-form.routes.ts, ssr/web.ts',
  })),
  // The newsletter's pages also take their forms by POST (without script), then 303 to /newsletter; links with a token are never kept.
  { ...page, path: '/newsletter', methods: ['GET', 'POST'], cors: 'sameOrigin', body: { reader: 'form', limit: 8 * KB }, handler: 'ssr/newsletter-form.routes.ts, ssr/web.ts' },
  ...['/newsletter/confirm', '/newsletter/unsubscribe', '/newsletter/preferences'].map((path) => ({
    ...page,
    path,
    methods: ['GET', 'POST'],
    cors: 'sameOrigin' as const,
    cache: 'noStore' as const,
    body: { reader: 'form' as const, limit: 8 * KB },
    handler: 'ssr/newsletter-form.routes.ts, ssr/web.ts',
  })),
  // Pages, and the client's other files (the web app decides: ssr/web.ts).
  { ...page, path: '/*', handler: 'ssr/web.ts' },
];

/** A declaration with what the gate needs at hand. */
export interface CompiledRoute extends RoutePolicy {
  /** The methods answered, HEAD included with GET, in the order `Allow` lists them. */
  allowed: readonly string[];
  allowHeader: string;
  pattern: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

function compile(route: RoutePolicy): CompiledRoute {
  const allowed = route.methods.includes('GET') ? [...new Set(['GET', 'HEAD', ...route.methods])] : [...route.methods];
  const rest = route.path.endsWith('/*');
  const source = (rest ? route.path.slice(0, -2) : route.path)
    .split('/')
    // `:name` is a segment; `:name.ext` a segment ending in `.ext`.
    .map((segment) => (segment.startsWith(':') ? `[^/]+${segment.includes('.') ? escapeRegExp(segment.slice(segment.indexOf('.'))) : ''}` : escapeRegExp(segment)))
    .join('/');
  return { ...route, allowed, allowHeader: allowed.join(', '), pattern: new RegExp(`^${source}${rest ? '(?:/.*)?' : '/*'}$`, 'i') };
}

export interface RouteTable {
  /** The declaration that answers a path (the last one, `/*`, answers any). */
  routeFor(path: string): CompiledRoute;
}

/** Bytes of paths remembered with their route: a reader's paths repeat, each matched once. */
const REMEMBERED_PATH_BYTES = 512 * 1024;
/** Longer paths are matched each time rather than kept, so odd requests cannot fill the memory. */
const REMEMBERED_PATH_LENGTH = 256;

export function routeTable(routes: readonly RoutePolicy[] = ROUTES): RouteTable {
  const compiled = routes.map(compile);
  const fallback = compiled[compiled.length - 1];
  const seen = new LRUCache<string, CompiledRoute>({ maxSize: REMEMBERED_PATH_BYTES, sizeCalculation: (_route, path) => 2 * path.length + 64 });
  return {
    routeFor(path) {
      let route = seen.get(path);
      if (route) return route;
      route = compiled.find(({ pattern }) => pattern.test(path)) ?? fallback;
      if (path.length <= REMEMBERED_PATH_LENGTH) seen.set(path, route);
      return route;
    },
  };
}
