import type { RequestHandler } from 'express';
import { sendError } from './error-response.js';

/**
 * The methods each path answers. Everything is read-only (GET, and HEAD with it) except the
 * paths that take a body. Keep in step with the POST routes (graphql/, rest/contact.routes.ts,
 * rest/analytics.routes.ts) and the newsroom's admin routes (rest/newsroom-*.routes.ts).
 */
const WRITABLE: ReadonlyMap<string, readonly string[]> = new Map([
  ['/graphql', ['GET', 'POST']],
  ['/api/contact', ['POST']],
  ['/api/vitals', ['POST']],
  ['/api/admin/articles', ['GET', 'HEAD', 'POST']],
  ['/api/admin/breaking-news', ['GET', 'HEAD', 'POST']],
  ['/api/admin/breaking-news/order', ['PUT']],
  ['/api/admin/partners', ['GET', 'HEAD', 'POST']],
]);
/** Paths with an id: the newsroom's single resources. */
const WRITABLE_PATTERNS: readonly (readonly [RegExp, readonly string[]])[] = [
  [/^\/api\/admin\/articles\/[^/]+$/, ['GET', 'HEAD', 'PATCH', 'DELETE']],
  [/^\/api\/admin\/breaking-news\/[^/]+$/, ['PATCH', 'DELETE']],
  [/^\/api\/admin\/partners\/[^/]+$/, ['PATCH']],
];
const READ_ONLY = ['GET', 'HEAD'] as const;

/** The methods a path answers, as routing sees it (case-insensitive, a trailing slash ignored). */
export function allowedMethods(path: string): readonly string[] {
  const key = path.toLowerCase().replace(/\/+$/, '') || '/';
  return WRITABLE.get(key) ?? WRITABLE_PATTERNS.find(([pattern]) => pattern.test(key))?.[1] ?? READ_ONLY;
}

/**
 * Any other method (PROPFIND, DELETE, PUT, POST to a page...) answers JSON 405 with `Allow`, before
 * any route, limit or renderer spends work on it. OPTIONS keeps Express's own answer.
 */
export const methodNotAllowed: RequestHandler = (req, res, next) => {
  if (req.method === 'OPTIONS') return next();
  const allowed = allowedMethods(req.path);
  if (allowed.includes(req.method)) return next();
  res.setHeader('Allow', allowed.join(', '));
  sendError(res, 405, `Method ${req.method} is not allowed here: use ${allowed.join(' or ')}`);
};
