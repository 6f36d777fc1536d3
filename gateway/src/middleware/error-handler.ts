import type { ErrorRequestHandler } from 'express';
import { asDomainError, ServiceUnavailableError, TooManyRequestsError, ValidationError } from '../../../schema/src/index.js';
import { sendError } from './error-response.js';

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
      if (domainError instanceof TooManyRequestsError || (domainError instanceof ServiceUnavailableError && domainError.retryAfterSeconds)) {
        res.setHeader('Retry-After', String(domainError.retryAfterSeconds));
      }
      if (domainError.httpStatus >= 500) req.log?.warn({ err: error }, domainError.message);
      sendError(res, domainError.httpStatus, domainError.message, domainError instanceof ValidationError ? domainError.fields : undefined);
      return;
    }
    const parserError = error as HttpParserError;
    switch (parserError?.type) {
      case 'entity.parse.failed':
        sendError(res, 400, 'Malformed JSON body: the request body is not valid JSON');
        return;
      case 'entity.too.large':
        sendError(res, 413, 'Request body too large');
        return;
      case 'encoding.unsupported':
      case 'charset.unsupported':
        sendError(res, 415, parserError.message);
        return;
      default:
        // http-errors raised by Express itself (e.g. an undecodable %-escape in a path) are the client's.
        if (parserError?.status && parserError.status >= 400 && parserError.status < 500) {
          sendError(res, parserError.status, parserError.message);
          return;
        }
    }
    req.log?.error({ err: error }, 'unhandled error');
    sendError(res, 500, 'Internal server error', undefined, options.exposeInternals && error instanceof Error ? error.message : undefined);
  };
}
