import type { Request, RequestHandler, Response } from 'express';
import { runInOrder } from '../middleware/before-express.js';
import type { CountingLimit } from '../security/rate-limits.js';
import { setHeaderList } from '../security/security-headers.js';
import type { HeaderList, ResponseCache } from './response-cache.js';

/**
 * How a handler before the cache takes part in the lean way of a hit (decision 037), declared by
 * the handler itself (`withLeanPart`), so the rule it follows is written once:
 * - `headers`: the headers it sets for this request, always the same lists (CORS, Cache-Control);
 * - `limit`: the limit that counts this request, or null when only the handler can (a partner's key);
 * - `body`: it reads the request's body and sets no header. `readAhead` reads the body only as far
 *   as the cache needs to look it up (its bytes, or nothing for a GET without one; `readAhead`
 *   true), or handles it whole (false); the handler itself finishes a body read ahead on a miss
 *   (decision 044: a hit is answered without parsing its body).
 */
export type LeanPart =
  | { kind: 'headers'; headers(req: Request): HeaderList }
  | { kind: 'limit'; limitFor(req: Request): CountingLimit | null }
  | { kind: 'body'; readAhead(req: Request, res: Response, done: (error: unknown, readAhead: boolean) => void): void };

const LEAN = Symbol('lean part');
type LeanHandler = RequestHandler & { [LEAN]?: LeanPart };

/** The handler, marked with what it does on the lean way. */
export function withLeanPart<T extends RequestHandler>(handler: T, part: LeanPart): T {
  return Object.assign(handler, { [LEAN]: part });
}

/** A mount of the app whose reads the response cache keeps: its path, and what it runs before the cache. */
export interface CachedReadMount {
  path: string;
  /** The mount's own handlers before the cache (CORS, limits, Cache-Control, a body parser), in its order. */
  before: RequestHandler[];
  /**
   * Whether the cache keeps answers to POSTs here (GraphQL queries, keyed by their body): the lane
   * then runs `before` for an anonymous POST first, since the key needs the body, and looks after.
   */
  posts?: boolean;
}

export interface CachedReadLaneOptions {
  /** The security headers every answer carries (the app's middleware sets the same lists). */
  securityHeaders(req: Request): HeaderList;
}

/** Requests whose mount handlers the lane has run already: a POST it could not answer from the cache. */
const ranByLane = new WeakSet<Request>();

/**
 * The mount's handlers as the mount itself runs them: each is skipped for a request the lane ran it
 * for already, so a POST the cache did not hold is counted and parsed once on its usual way.
 */
export function unlessRanByLane(handlers: RequestHandler[]): RequestHandler[] {
  return handlers.map((handler) => (req: Request, res: Response, next) => (ranByLane.has(req) ? next() : handler(req, res, next)));
}

/** Whether a request target falls under a mount's path, as Express matches a prefix. */
function under(url: string, path: string): boolean {
  if (!url.startsWith(path)) return false;
  const next = url[path.length];
  return next === undefined || next === '/' || next === '?';
}

function setAll(res: Response, lists: readonly HeaderList[]): void {
  for (const list of lists) setHeaderList(res, list);
}

/**
 * The short way for a cached read (decisions 032 and 037). A GET or HEAD under one of the mounts,
 * whose fresh answer the response cache holds, runs that mount's own handlers before the cache and
 * is answered from it, instead of passing every layer of the app on the way (compression,
 * request-target and method checks, health routes, other mounts). Same handlers, same order, same
 * answer; the handlers see the request as Express's mount shows it (path relative to the mount, the
 * mount in baseUrl). An anonymous POST to a mount that keeps POSTs runs the handlers first (the body
 * is part of the key), then is answered from the cache, or goes on its usual way with those handlers
 * marked as run. Anything else, and a read the cache holds nothing for, goes the usual way.
 *
 * When every handler says what it does (`withLeanPart`), a hit takes the lean way: the headers they
 * and the security headers would set are gathered as lists, the limit is counted, and the cache
 * writes the whole answer in one `writeHead`. Mount it right after logging, before anything sets a
 * header; the security headers are set here for whatever leaves the lane.
 */
export function cachedReadLane(cache: ResponseCache, mounts: CachedReadMount[], { securityHeaders }: CachedReadLaneOptions): RequestHandler {
  return (req, res, next) => {
    const post = req.method === 'POST';
    if (req.method !== 'GET' && req.method !== 'HEAD' && !post) return next();
    const target = req.url;
    const mount = mounts.find(({ path }) => under(target, path));
    if (!mount) return next();
    let held: ReturnType<ResponseCache['held']> = null;
    if (post) {
      // Credentials are never answered from the cache: their body limit and checks stay on the usual way.
      if (!mount.posts || req.headers.authorization) return next();
    } else {
      held = cache.held(req);
      if (!held) return next();
    }
    // Taken before the mount's view of the URL: the security headers depend on the path as it came.
    const security = securityHeaders(req);
    const relative = target.slice(mount.path.length);
    req.url = relative.startsWith('/') ? relative : `/${relative}`;
    req.baseUrl = mount.path;
    const restore = () => {
      req.url = target;
      req.baseUrl = '';
    };
    const parts = leanParts(req, mount.before);
    if (parts) return leanWay(parts);

    setAll(res, [security]);
    runInOrder(mount.before, req, res, (error) => {
      if (!error) {
        // Caught here: a throw while answering must reach `next` once, not run the handlers' steps again.
        try {
          // A POST is looked up once its body is read; a GET's answer was taken when it arrived.
          const answer = post ? cache.held(req) : held;
          if (answer) return answer.answer(res);
        } catch (thrown) {
          error = thrown;
        }
      }
      restore();
      if (error) return next(error);
      ranByLane.add(req);
      next();
    });

    /** Runs the handlers' parts in order, gathering their headers, then answers from the cache in one write. */
    function leanWay(steps: ResolvedPart[]): void {
      const gathered: HeaderList[] = [security];
      /** The limit's headers: they change with every request. */
      let counted: HeaderList = [];
      /** A body handler whose body was read ahead: it finishes (parses) on the way out. */
      let unfinished: RequestHandler | null = null;
      let index = 0;
      /** Leaves the lean way: what was gathered is set on the response, as the handlers would have. */
      const leave = (error?: unknown) => {
        setAll(res, [...gathered, counted]);
        restore();
        if (error) return next(error);
        ranByLane.add(req);
        if (unfinished) return runInOrder([unfinished], req, res, next);
        next();
      };
      const step = (error?: unknown): void => {
        if (error) return leave(error);
        const part = steps[index++];
        try {
          if (!part) {
            const answer = post ? cache.held(req) : held;
            if (!answer) return leave();
            restore();
            return answer.answerWith(res, gathered, counted);
          }
          if (part.kind === 'headers') {
            gathered.push(part.headers(req));
            return step();
          }
          if (part.kind === 'body') {
            return part.readAhead(req, res, (error, readAhead) => {
              if (readAhead) unfinished = part.handler;
              step(error);
            });
          }
          part.limit.verdict(req, res).then((verdict) => {
            if (!verdict.refused) {
              counted = verdict.headers;
              return step();
            }
            // Refused: the answer is the limit's 429, with the headers gathered before it.
            setAll(res, gathered);
            restore();
            part.limit.apply(res, verdict);
          }, step);
        } catch (thrown) {
          step(thrown);
        }
      };
      step();
    }
  };
}

type ResolvedPart =
  | { kind: 'headers'; headers(req: Request): HeaderList }
  | { kind: 'limit'; limit: CountingLimit }
  | { kind: 'body'; handler: RequestHandler; readAhead: Extract<LeanPart, { kind: 'body' }>['readAhead'] };

/** The lean parts of a mount's handlers for this request, or null when one of them must run itself. */
function leanParts(req: Request, handlers: LeanHandler[]): ResolvedPart[] | null {
  const parts: ResolvedPart[] = [];
  for (const handler of handlers) {
    const part = handler[LEAN];
    if (!part) return null;
    if (part.kind === 'limit') {
      const limit = part.limitFor(req);
      if (!limit) return null;
      parts.push({ kind: 'limit', limit });
    } else if (part.kind === 'body') parts.push({ kind: 'body', handler, readAhead: part.readAhead });
    else parts.push(part);
  }
  return parts;
}
