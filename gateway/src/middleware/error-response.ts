import type { Response } from 'express';
import type { FieldProblem } from '../../../schema/src/index.js';

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
 * is never stored or revalidated by a cache: no ETag (so no 304 can stand in for it), no-store,
 * whatever headers the route had set before it failed.
 */
export function sendError(res: Response, status: number, message: string, errors?: readonly FieldProblem[], detail?: string): void {
  const body: ErrorBody = { message };
  if (errors?.length) body.errors = [...errors];
  if (detail !== undefined) body.detail = detail;
  res.removeHeader('ETag');
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).type('application/json; charset=utf-8').end(JSON.stringify(body));
}
