import type { Response } from 'express';
import type { FieldProblem } from '../../../schema/src/index.js';
import { NO_STORE } from '../cache/cache-profiles.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /**
       * Set by a page route (server rendering) before it fails: renders the site's own error page
       * for this status (setting its Content-Security-Policy), so readers get HTML, not JSON.
       * A Buffer is a page built once (the busy page), sent as is.
       */
      errorPage?: (status: number) => Promise<string | Buffer>;
    }
  }
}

/** The JSON body of every error answer. */
export interface ErrorBody {
  message: string;
  /** One entry per field at fault, when the problem is the input. */
  errors?: FieldProblem[];
  /** Outside production only: what went wrong inside. */
  detail?: string;
}

/**
 * Writes an error answer `{ "message", "errors": [{ "field", "message" }] }`: the one place an
 * error JSON body is shaped, whoever answers (the error handler, the REST 404, limits). An error
 * is never stored or revalidated by a cache: no ETag (so no 304 can stand in for it), the noStore profile,
 * whatever headers the route had set before it failed.
 */
export function sendError(res: Response, status: number, message: string, errors?: readonly FieldProblem[], detail?: string): void {
  const body: ErrorBody = { message };
  if (errors?.length) body.errors = [...errors];
  if (detail !== undefined) body.detail = detail;
  res.removeHeader('ETag');
  res.setHeader('Cache-Control', NO_STORE);
  res.status(status).type('application/json; charset=utf-8').end(JSON.stringify(body));
}

/**
 * Writes an error page (HTML, styled as the site) with the same rules as `sendError`: never
 * stored, never revalidated, the status the error deserves (never a 200 for an error page).
 */
export function sendErrorPage(res: Response, status: number, html: string | Buffer): void {
  res.removeHeader('ETag');
  res.setHeader('Cache-Control', NO_STORE);
  res.status(status).type('html').end(html);
}
