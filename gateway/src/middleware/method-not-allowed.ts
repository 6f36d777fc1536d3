import type { RequestHandler } from 'express';
import { sendError } from './error-response.js';

/**
 * The methods each path answers. Everything is read-only (GET, and HEAD with it) except the two
 * paths that take a body. Keep in step with the POST routes (graphql/, rest/contact.routes.ts).
 */
const WRITABLE: ReadonlyMap<string, readonly string[]> = new Map([
  ['/graphql', ['GET', 'POST']],
  ['/api/contact', ['POST']],
]);
const READ_ONLY = ['GET', 'HEAD'] as const;

/** The methods a path answers, as routing sees it (case-insensitive, a trailing slash ignored). */
export function allowedMethods(path: string): readonly string[] {
  const key = path.toLowerCase().replace(/\/+$/, '') || '/';
  return WRITABLE.get(key) ?? READ_ONLY;
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
