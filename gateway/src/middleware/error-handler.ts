import type { ErrorRequestHandler, RequestHandler } from 'express';
import { asDomainError } from '../../../schema/src/lib/database-errors.js';
import { TooManyRequestsError, ValidationError } from '../../../schema/src/lib/errors.js';

interface HttpParserError extends Error {
  type?: string;
  status?: number;
  expose?: boolean;
}

/** The one place errors become HTTP answers: typed domain errors keep their status, bodies stay JSON. */
export function errorHandler(options: { exposeInternals: boolean }): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const domainError = asDomainError(error);
    if (domainError) {
      const body: Record<string, unknown> = { message: domainError.message };
      if (domainError instanceof ValidationError && domainError.fields.length) body.errors = domainError.fields;
      if (domainError instanceof TooManyRequestsError) res.setHeader('Retry-After', String(domainError.retryAfterSeconds));
      if (domainError.httpStatus >= 500) req.log?.warn({ err: error }, domainError.message);
      res.status(domainError.httpStatus).json(body);
      return;
    }
    const parserError = error as HttpParserError;
    switch (parserError?.type) {
      case 'entity.parse.failed':
        res.status(400).json({ message: 'Malformed JSON body: the request body is not valid JSON' });
        return;
      case 'entity.too.large':
        res.status(413).json({ message: 'Request body too large' });
        return;
      case 'encoding.unsupported':
      case 'charset.unsupported':
        res.status(415).json({ message: parserError.message });
        return;
      default:
        // http-errors raised by Express itself (e.g. an undecodable %-escape in a path) are the client's.
        if (parserError?.status && parserError.status >= 400 && parserError.status < 500) {
          res.status(parserError.status).json({ message: parserError.message });
          return;
        }
    }
    req.log?.error({ err: error }, 'unhandled error');
    res.status(500).json({
      message: 'Internal server error',
      ...(options.exposeInternals && error instanceof Error ? { detail: error.message } : {}),
    });
  };
}

/** Unknown /api paths answer JSON, not the HTML catch-all. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route for ${req.method} ${req.originalUrl.split('?')[0]}` });
};

/** JSON is the only body the API reads; anything else is named as the problem. */
export const requireJsonBody: RequestHandler = (req, res, next) => {
  if (!req.is('application/json')) {
    res.status(415).json({ message: 'Content-Type must be application/json' });
    return;
  }
  next();
};
