import type { Request, RequestHandler, Response } from 'express';
import type { ResponseCache } from './response-cache.js';

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

/**
 * The short way for a cached read (decision 032). A GET or HEAD under one of the mounts, whose fresh
 * answer the response cache holds, runs that mount's own handlers before the cache and is answered
 * from it, instead of passing every layer of the app on the way (compression, request-target and
 * method checks, health routes, other mounts). Same handlers, same order, same answer; the handlers
 * see the request as Express's mount shows it (path relative to the mount, the mount in baseUrl).
 * An anonymous POST to a mount that keeps POSTs runs the handlers first (the body is part of the
 * key), then is answered from the cache, or goes on its usual way with those handlers marked as run.
 * Anything else, and a read the cache holds nothing for, goes the usual way. Mount it after the
 * handlers every request needs (logging, security headers).
 */
export function cachedReadLane(cache: ResponseCache, mounts: CachedReadMount[]): RequestHandler {
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
    const relative = target.slice(mount.path.length);
    req.url = relative.startsWith('/') ? relative : `/${relative}`;
    req.baseUrl = mount.path;
    const restore = () => {
      req.url = target;
      req.baseUrl = '';
    };
    let index = 0;
    const step = (error?: unknown): void => {
      if (error) {
        restore();
        return next(error);
      }
      const handler = mount.before[index++];
      // As Express 5's router does: a handler that throws, or whose promise rejects, passes its error on.
      try {
        if (!handler) {
          // A POST is looked up once its body is read; a GET's answer was taken when it arrived.
          const answer = post ? cache.held(req) : held;
          if (answer) return answer.answer(res);
          ranByLane.add(req);
          restore();
          return next();
        }
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch(step);
      } catch (thrown) {
        step(thrown);
      }
    };
    step();
  };
}
