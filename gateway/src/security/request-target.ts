import type { RequestHandler, Response } from 'express';
import { sendError } from '../middleware/error-response.js';
import { NO_STORE } from '../cache/cache-profiles.js';

/**
 * Whatever the route (or a response cache in front of it) sets, the answer goes out with
 * the noStore profile and no validator: every later Cache-Control becomes noStore, ETag and
 * Last-Modified are dropped (so no 304 stands in for it either), and the headers are checked once
 * more as they are written.
 */
function neverStored(res: Response): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) => {
    const header = name.toLowerCase();
    if (header === 'etag' || header === 'last-modified') return res;
    return setHeader(name, header === 'cache-control' ? NO_STORE : value);
  }) as Response['setHeader'];
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    setHeader('Cache-Control', NO_STORE);
    this.removeHeader('ETag');
    this.removeHeader('Last-Modified');
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response['writeHead'];
  setHeader('Cache-Control', NO_STORE);
}

/**
 * Request targets in absolute form (`GET http://evil.example/about HTTP/1.1`, the form proxies
 * receive) are routed on their path and query only: the authority in them is ignored, exactly as
 * for `GET /about`, and the answer is never marked cacheable, since a cache in front may key it
 * by an authority this server did not choose. Any other target that is not a path answers 400.
 * (`*`, the target of `OPTIONS *`, passes as before.)
 */
export const originFormTarget: RequestHandler = (req, res, next) => {
  const target = req.url;
  if (target.startsWith('/') || target === '*') return next();
  let url: URL | null = null;
  try {
    url = new URL(target);
  } catch {
    // Not a URL at all: refused below.
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    sendError(res, 400, 'Bad request target: expected a path such as /about');
    return;
  }
  // Express routes an absolute-form target on its path already (its router keeps the scheme and
  // host aside); what reads the whole target (server rendering, caches, messages) gets the path too.
  req.originalUrl = `${url.pathname}${url.search}`;
  neverStored(res);
  next();
};
