import type { RequestHandler } from 'express';
import type { ResponseCache } from './response-cache.js';

/** A mount of the app whose reads the response cache keeps: its path, and what it runs before the cache. */
export interface CachedReadMount {
  path: string;
  /** The mount's own handlers before the cache (CORS, limits, Cache-Control), in its order. */
  before: RequestHandler[];
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
 * Anything else, and a request the cache holds nothing for, goes the usual way. Mount it after the
 * handlers every request needs (logging, security headers).
 */
export function cachedReadLane(cache: ResponseCache, mounts: CachedReadMount[]): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const target = req.url;
    const mount = mounts.find(({ path }) => under(target, path));
    if (!mount) return next();
    const held = cache.held(req);
    if (!held) return next();
    const relative = target.slice(mount.path.length);
    req.url = relative.startsWith('/') ? relative : `/${relative}`;
    req.baseUrl = mount.path;
    let index = 0;
    const step = (error?: unknown): void => {
      if (error) {
        req.url = target;
        req.baseUrl = '';
        return next(error);
      }
      const handler = mount.before[index++];
      // As Express 5's router does: a handler that throws, or whose promise rejects, passes its error on.
      try {
        if (!handler) return held.answer(res);
        const result: unknown = handler(req, res, step);
        if (result instanceof Promise) result.catch(step);
      } catch (thrown) {
        step(thrown);
      }
    };
    step();
  };
}
