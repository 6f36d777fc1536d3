import type { Request, RequestHandler, Response } from 'express';
import type { Editor, Permission } from '../../../schema/src/index.js';
import type { CacheProfiles } from '../cache/cache-profiles.js';
import { withCacheTags } from '../cache/cache-tag-headers.js';
import type { HeaderList, ResponseCache } from '../cache/response-cache.js';
import { readGraphqlBodyAhead } from '../graphql/graphql-body.js';
import { sendError } from '../middleware/error-response.js';
import type { RequestLimit } from '../security/api-key-limit.js';
import type { CorsPolicy } from '../security/cors.js';
import { originFormTarget } from '../security/request-target.js';
import type { SecurityHeaderLists } from '../security/security-headers.js';
import { setHeaderList } from '../security/security-headers.js';
import { bodyReaders } from './body-readers.js';
import type { CompiledRoute, LimitName, RouteTable } from './route-table.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Who is calling a route declared with a permission, once the gate has checked the token. */
      editor?: Editor;
    }
  }
}

export interface RequestGateOptions {
  routes: RouteTable;
  /** Logs the request when it finishes (middleware/request-log.ts): it calls `next` at once. */
  log: RequestHandler;
  security: SecurityHeaderLists;
  cors: CorsPolicy;
  limits: Readonly<Record<Exclude<LimitName, 'none'>, RequestLimit>>;
  /**
   * Who the request's bearer token belongs to, if its role has the permission
   * (`services.editors.require`); rejects with the 401 or 403 that answers it.
   */
  access(req: Request, permission: Permission): Promise<Editor>;
  profiles: CacheProfiles;
  /** Counts reader page views when the answer finishes (analytics/page-view-counter.ts): it calls `next` at once. */
  pageViews: RequestHandler;
  /** Fresh answers are served from it at the end of the gate; a miss goes on to the handler. */
  cache: ResponseCache | null;
}

const noop = () => undefined;
const READS = new Set(['GET', 'HEAD']);

/**
 * The one way in for every request, built from the route declarations (route-table.ts): the
 * request log, the request target, the security headers, the method (405 with Allow, from the
 * declaration), CORS by the route's class, its limit, its auth, its cache profile, page views; then
 * a fresh answer from the response cache, or its body by the declared reader and the handler. Cold
 * and warm requests run the same steps in the same order: only the last one differs. The headers are gathered as lists, so a hit is written in
 * one `writeHead` (decision 037); anything else gets them set and goes on to Express's routing.
 */
export function requestGate({ routes, log, security, cors, limits, access, profiles, pageViews, cache }: RequestGateOptions): RequestHandler {
  const bodyFor = bodyReaders({
    isEditor: (req) =>
      access(req, 'content').then(
        () => true,
        () => false,
      ),
  });
  const profileLists = new Map<string, HeaderList>(Object.entries(profiles).map(([name, value]) => [name, [['cache-control', value]] as HeaderList]));
  const noStore = profileLists.get('noStore')!;
  return (req, res, next) => {
    log(req, res, noop);
    let targetChecked = false;
    originFormTarget(req, res, () => (targetChecked = true));
    if (!targetChecked) return;
    const route = routes.routeFor(req.path);
    const method = req.method;
    const read = READS.has(method);
    const lists: HeaderList[] = [read && route.sandboxOnGet ? security.sandbox : security.site];
    /** Whether the handler's reads are collected as the answer's cache tags (a shareable answer). */
    let tagged = false;
    const onward = (error?: unknown) => (tagged ? withCacheTags(res, next, error) : next(error));
    /** Sets the gathered headers, then on to the handler: its body read first by the declared reader. */
    const pass = (perRequest: HeaderList = [], error?: unknown) => {
      for (const list of lists) setHeaderList(res, list);
      setHeaderList(res, perRequest);
      const readBody = error === undefined ? bodyFor(route, method) : null;
      if (!readBody) return onward(error);
      try {
        readBody(req, res, onward);
      } catch (thrown) {
        onward(thrown);
      }
    };
    const refuse = (answer: (res: Response) => void, perRequest: HeaderList = []) => {
      for (const list of lists) setHeaderList(res, list);
      setHeaderList(res, perRequest);
      answer(res);
    };

    if (method === 'OPTIONS') {
      if (route.cors === 'none' || !cors.isPreflight(req)) return pass();
      if (route.cors === 'sameOrigin') return refuse((answer) => cors.preflight(req, answer, []));
      return refuse((answer) => cors.preflight(req, answer, route.allowed));
    }
    if (!route.allowed.includes(method)) return refuse((answer) => methodNotAllowed(req, answer, route));
    if (route.cors === 'publicRead') lists.push(cors.readHeaders(req), route.cache === 'graphqlQuery' ? GRAPHQL_READ_VARY : PUBLIC_READ_VARY);
    else if (route.cors === 'sameOrigin' && !read && cors.refusesWrite(req, res)) return;
    // Reads carry the route's profile, writes are never stored; a GraphQL answer's profile is set by the
    // answer itself from the schema's hints, so one refused before it runs (400, 405) is never stored either.
    lists.push(read && route.cache !== 'graphqlQuery' ? profileLists.get(route.cache)! : noStore);

    if (route.limit === 'none') return authorise();
    limits[route.limit].count(req, res).then(
      (outcome) => (outcome.refuse ? refuse(outcome.refuse, outcome.headers) : authorise(outcome.headers)),
      (error: unknown) => pass([], error),
    );

    /** The route's declared auth: the editor found, or its 401 or 403 (counted against the limit first). */
    function authorise(perRequest: HeaderList = []): void {
      if (route.auth === 'anyone') return answer(perRequest);
      access(req, route.auth).then(
        (editor) => {
          res.locals.editor = editor;
          answer(perRequest);
        },
        (error: unknown) => pass(perRequest, error),
      );
    }

    /** The last step: a fresh answer from the cache, or the handler. */
    function answer(perRequest: HeaderList = []): void {
      if (route.countsPageViews) pageViews(req, res, noop);
      tagged = cacheableProfile(route);
      if (!cache || !cacheableProfile(route)) return pass(perRequest);
      if (read) {
        const held = cache.held(req);
        if (!held) return pass(perRequest);
        // The page view counter reads the answer's headers as set on the response: not those of one writeHead.
        if (!route.countsPageViews) return held.answerWith(res, lists, perRequest);
        for (const list of lists) setHeaderList(res, list);
        setHeaderList(res, perRequest);
        return held.answer(res);
      }
      // A query by POST is keyed by its body: its bytes are read first (credentials never reach the cache).
      if (method !== 'POST' || route.body?.reader !== 'graphql' || req.headers.authorization) return pass(perRequest);
      const reading = readGraphqlBodyAhead(req, route.body.limit, (error) => {
        if (error) return pass(perRequest, error);
        const held = cache.held(req);
        return held ? held.answerWith(res, lists, perRequest) : pass(perRequest);
      });
      if (!reading) pass(perRequest);
    }
  };
}

/**
 * What a public read's answer depends on besides its URL, for shared caches: its CORS headers are
 * left out when the request carries a token or a cookie, and a GraphQL answer's type (and its
 * response cache key) follows Accept.
 */
const PUBLIC_READ_VARY: HeaderList = [['vary', 'Authorization, Cookie']];
const GRAPHQL_READ_VARY: HeaderList = [['vary', 'Accept, Authorization, Cookie']];

/** Whether answers under this profile may be shared, and so kept by the response cache. */
function cacheableProfile(route: CompiledRoute): boolean {
  return route.cache === 'page' || route.cache === 'apiRead' || route.cache === 'graphqlQuery' || route.cache === 'feed';
}

/** Any other method (PROPFIND, DELETE, PUT, POST to a page...) answers JSON 405 with `Allow`, before any work is spent on it. */
function methodNotAllowed(req: Request, res: Response, route: CompiledRoute): void {
  res.setHeader('Allow', route.allowHeader);
  sendError(res, 405, `Method ${req.method} is not allowed here: use ${route.allowed.join(' or ')}`);
}
