import type { ErrorRequestHandler, Response } from 'express';
import { asDomainError, PayloadTooLargeError, ServiceUnavailableError, TooManyRequestsError, ValidationError } from '../../../schema/src/index.js';
import type { DatabaseHealth } from '../lifecycle/database-health.js';
import { answerTooManyRequests } from '../security/rate-limits.js';
import { sendError, sendErrorPage } from './error-response.js';

interface HttpParserError extends Error {
  type?: string;
  status?: number;
  expose?: boolean;
  /** Set by zlib (Z_DATA_ERROR, ERR__ERROR_FORMAT_PADDING_1...) when a compressed body does not decode. */
  code?: string;
}

/** What a client hears when its body does not decode: nothing of zlib's wording. */
export const UNDECODABLE_BODY_MESSAGE = 'The request body could not be decoded: it does not match its Content-Encoding';

export interface ErrorHandlerOptions {
  exposeInternals: boolean;
  /** Hears every 503 (outage and busy logs: a line per state change, not a stack per request). */
  health?: Pick<DatabaseHealth, 'refused'>;
}

/**
 * A server-side failure (5xx) on a read: the last good copy from the response cache when there is
 * one (stale-if-error), else the site's error page for a page, else the JSON error.
 */
function answerServerError(res: Response, status: number, message: string, detail?: string): void {
  if (res.locals.errorPage) {
    res.locals
      .errorPage(status)
      .then((html) => sendErrorPage(res, status, html))
      .catch(() => sendError(res, status, message, undefined, detail));
    return;
  }
  sendError(res, status, message, undefined, detail);
}

/** The one place errors become HTTP answers: typed domain errors keep their status, bodies stay JSON. */
export function errorHandler(options: ErrorHandlerOptions): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const domainError = asDomainError(error);
    if (domainError) {
      if (domainError.httpStatus >= 500) {
        const stale = res.locals.staleIfError?.() ?? false;
        if (domainError instanceof ServiceUnavailableError) {
          // Counted and logged once per state change; the stack only at debug.
          options.health?.refused(domainError, error, stale ? 'stale' : 'refused');
        } else {
          req.log?.warn({ err: error }, domainError.message);
        }
        if (stale) return;
      }
      if (domainError instanceof TooManyRequestsError) return answerTooManyRequests(res, domainError);
      if (domainError instanceof ServiceUnavailableError && domainError.retryAfterSeconds) {
        res.setHeader('Retry-After', String(domainError.retryAfterSeconds));
      }
      // 401 names the scheme to use (RFC 9110); sendError makes it never stored, like every error.
      if (domainError.httpStatus === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="admin"');
      if (domainError.httpStatus >= 500) {
        answerServerError(res, domainError.httpStatus, domainError.message);
        return;
      }
      const fields = domainError instanceof ValidationError || domainError instanceof PayloadTooLargeError ? domainError.fields : undefined;
      sendError(res, domainError.httpStatus, domainError.message, fields);
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
        // A body that fails to decompress (bad gzip, deflate or brotli): the decoder's words stay inside.
        if (parserError?.status === 400 && !parserError.type && typeof parserError.code === 'string') {
          sendError(res, 400, UNDECODABLE_BODY_MESSAGE);
          return;
        }
        // http-errors raised by Express itself (e.g. an undecodable %-escape in a path) are the client's.
        if (parserError?.status && parserError.status >= 400 && parserError.status < 500) {
          sendError(res, parserError.status, parserError.message);
          return;
        }
    }
    req.log?.error({ err: error }, 'unhandled error');
    if (res.locals.staleIfError?.()) return;
    answerServerError(res, 500, 'Internal server error', options.exposeInternals && error instanceof Error ? error.message : undefined);
  };
}
