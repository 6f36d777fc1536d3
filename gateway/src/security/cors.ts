import cors from 'cors';
import type { Request, RequestHandler, Response } from 'express';
import type { HeaderList } from '../cache/response-cache.js';
import { sendError } from '../middleware/error-response.js';
import { headersOf } from './security-headers.js';

/**
 * How long a browser may reuse a preflight's answer. Chromium caps it at 2 hours (Firefox at 24):
 * a longer value would only be cut down.
 */
export const CORS_MAX_AGE_SECONDS = 7200;

/**
 * Request headers a page on another origin may send with a public read. Authorization and cookies
 * are not among them (and no answer says Access-Control-Allow-Credentials): a token is never sent
 * from another origin, so nothing that needs one is reachable from there. A partner's X-Api-Key is:
 * it reaches only public data and buys nothing but the key's own limit (decision 025).
 */
export const CORS_REQUEST_HEADERS = ['Accept', 'Content-Type', 'If-None-Match', 'If-Modified-Since', 'Apollo-Require-Preflight', 'X-Apollo-Operation-Name', 'X-Api-Key'];

/** Response headers partners' scripts may read besides the safelisted ones (paging, validators, limits). */
export const CORS_EXPOSED_HEADERS = ['ETag', 'Link', 'Age', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-Cache', 'Warning'];

/** The headers a CORS answer carries: removed again from answers that turn out to be writes. */
const CORS_RESPONSE_HEADERS = ['Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'];

/** Where a GraphQL request's context keeps its Express answer (see graphqlCors). */
const ANSWER = Symbol('graphql answer');

/**
 * Whether an Origin header names a page on another site. No Origin (servers, curl, same-origin
 * GETs) is not foreign; the site's own origin (SITE_URL) and the origin the request was addressed
 * to (its Host, whatever proxy or scheme is in front) are not; "null" (sandboxed frames, files) is.
 */
export function foreignOriginCheck(siteUrl: string) {
  const site = new URL(siteUrl).origin;
  return (origin: string | undefined, host: string | undefined): boolean => {
    if (origin === undefined) return false;
    if (origin === site) return false;
    try {
      return new URL(origin).host.toLowerCase() !== (host ?? '').toLowerCase();
    } catch {
      return true;
    }
  };
}

export type ForeignOriginCheck = ReturnType<typeof foreignOriginCheck>;

/** A CORS preflight: OPTIONS with the method the browser means to send. A plain OPTIONS is routed as before. */
const isPreflight = (req: Request) => req.method === 'OPTIONS' && req.get('access-control-request-method') !== undefined;

/** A preflight asks for a method and headers a public read allows. */
function preflightAllowed(req: Request, methods: readonly string[]): boolean {
  const method = req.get('access-control-request-method') ?? '';
  if (!methods.includes(method.toUpperCase())) return false;
  const allowed = new Set(CORS_REQUEST_HEADERS.map((h) => h.toLowerCase()));
  const asked = (req.get('access-control-request-headers') ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return asked.every((h) => allowed.has(h));
}

function refusePreflight(res: Response): void {
  sendError(res, 403, 'Cross-origin requests are not allowed here: only public reads (GET /api, GraphQL queries) are open to other origins, without credentials');
}

function refuseWrite(res: Response): void {
  sendError(res, 403, 'Cross-origin writes are refused: send them from the site itself, or from a server (not a browser page on another origin)');
}

/**
 * The CORS headers of an actual request (not a preflight), read once from the same middleware: with
 * any origin allowed ('*') and no credentials they are the same for every request, so they are set
 * from a list instead of the middleware working them out again on every read.
 */
function actualRequestHeaders(middleware: RequestHandler): [string, string][] {
  return headersOf(middleware as Parameters<typeof headersOf>[0]);
}

const corsFor = (methods: string[]) =>
  cors({
    origin: '*',
    methods,
    allowedHeaders: CORS_REQUEST_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    credentials: false,
    maxAge: CORS_MAX_AGE_SECONDS,
    optionsSuccessStatus: 204,
  });

const NO_HEADERS: HeaderList = [];

/**
 * A request with a token or cookies: its answer carries no CORS headers, whatever the route, so it
 * never invites a page on another origin to read what credentials reached (browsers send neither
 * cross-origin to a public read, so partners lose nothing).
 */
export function carriesCredentials(req: Pick<Request, 'headers'>): boolean {
  return req.headers.authorization !== undefined || req.headers.cookie !== undefined;
}

/** The CORS of a request, as its route's class says (routes/route-table.ts). */
export interface CorsPolicy {
  /**
   * A preflight (OPTIONS with Access-Control-Request-Method): answered 204 with the CORS headers
   * for a public read asking for one of `methods` and only safelisted headers, else 403.
   */
  preflight(req: Request, res: Response, methods: readonly string[]): void;
  /** The headers of an actual public read: the same list every time, none for a request with credentials. */
  readHeaders(req: Request): HeaderList;
  /** A write from a browser page on another origin to a same-origin route: refused with its 403. */
  refusesWrite(req: Request, res: Response): boolean;
  isPreflight(req: Request): boolean;
}

/**
 * Public reads are open to any origin without credentials; a preflight for anything else (admin,
 * contact), or for a write, or one asking to send Authorization or cookies, is refused (403, no
 * CORS headers), and a write from a browser page on another origin is refused outright.
 */
export function corsPolicy(isForeignOrigin: ForeignOriginCheck): CorsPolicy {
  const byMethods = new Map<string, RequestHandler>();
  const readHeaders = actualRequestHeaders(corsFor(['GET', 'HEAD']));
  return {
    isPreflight,
    preflight(req, res, methods) {
      if (!preflightAllowed(req, methods)) return refusePreflight(res);
      const key = methods.join();
      let answer = byMethods.get(key);
      if (!answer) byMethods.set(key, (answer = corsFor([...methods])));
      answer(req, res, () => refusePreflight(res));
    },
    readHeaders: (req) => (carriesCredentials(req) ? NO_HEADERS : readHeaders),
    refusesWrite(req, res) {
      if (!isForeignOrigin(req.get('origin'), req.get('host'))) return false;
      refuseWrite(res);
      return true;
    },
  };
}

/**
 * CORS for /graphql: GET and POST are open to any origin for queries. Which operation a POST holds
 * is known only once Apollo has parsed it (or looked up its persisted hash), so every answer starts
 * with the CORS headers and the Apollo plugin (graphql/public-reads-plugin.ts) takes them away from
 * mutations through `sameOriginOnly`, refusing foreign ones before they run.
 */
export function graphqlCors() {
  return {
    /**
     * For Apollo's context function: remembers which answer a request's context belongs to. A
     * property rather than a map, since Apollo hands plugins a shallow copy of the context.
     */
    bind<T extends object>(context: T, res: Response): T {
      Object.defineProperty(context, ANSWER, { value: res, enumerable: true, configurable: true });
      return context;
    },
    /** The request is a write: its answer carries no CORS headers. */
    sameOriginOnly(context: object): void {
      const res = (context as { [ANSWER]?: Response })[ANSWER];
      if (res) for (const name of CORS_RESPONSE_HEADERS) res.removeHeader(name);
    },
  };
}
