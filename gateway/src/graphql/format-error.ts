import { unwrapResolverError } from '@apollo/server/errors';
import type { RequestHandler, Response } from 'express';
import type { GraphQLFormattedError } from 'graphql';
import { asDomainError, PayloadTooLargeError, ServiceUnavailableError, TooManyRequestsError, ValidationError } from '../../../schema/src/index.js';
import { NO_STORE } from '../cache/cache-profiles.js';

/**
 * Apollo refuses a bad persisted-query extension with an error that has no code, which would read
 * as INTERNAL_SERVER_ERROR: these get a persisted-query code of their own, as a miss does
 * (PERSISTED_QUERY_NOT_FOUND), so a client knows to send the query itself.
 */
const PERSISTED_QUERY_ERRORS: Record<string, { code: string; message: string }> = {
  'provided sha does not match query': {
    code: 'PERSISTED_QUERY_HASH_MISMATCH',
    message: 'The persisted query hash does not match the query: send the sha256 of the query text',
  },
  'Unsupported persisted query version': {
    code: 'PERSISTED_QUERY_NOT_SUPPORTED',
    message: 'Unsupported persisted query: only version 1 with a sha256Hash is supported',
  },
};

/**
 * A request error Apollo raised without a code but with a 4xx status: the client's, not the server's.
 * Read by shape: Apollo's GraphQLError may come from another copy of graphql than this file's.
 */
function requestErrorStatus(error: unknown): number | undefined {
  const status = (error as { extensions?: { http?: { status?: unknown } } } | null)?.extensions?.http?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** The one place domain errors become GraphQL codes; unknown errors never leak internals in production. */
export interface FormatErrorOptions {
  exposeInternals: boolean;
  /** Hears each 503-class error (outage and busy logs), with the driver's error for debug. */
  onRefused?: (error: ServiceUnavailableError, detail: unknown) => void;
}

export function createFormatError(options: FormatErrorOptions) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const unwrapped = unwrapResolverError(error);
    const original = asDomainError(unwrapped);
    if (original) {
      if (original instanceof ServiceUnavailableError) options.onRefused?.(original, unwrapped);
      return {
        ...formatted,
        message: original.message,
        extensions: {
          code: original.graphqlCode,
          ...((original instanceof ValidationError || original instanceof PayloadTooLargeError) && original.fields.length ? { fields: original.fields } : {}),
          ...(original instanceof TooManyRequestsError || (original instanceof ServiceUnavailableError && original.retryAfterSeconds)
            ? { retryAfter: original.retryAfterSeconds }
            : {}),
        },
      };
    }
    if (!options.exposeInternals && /Did you mean/.test(formatted.message)) {
      // Suggestions would map the schema for a prober; introspection is the documented way.
      formatted = { ...formatted, message: formatted.message.replace(/\s*Did you mean [^?]*\?/g, '') };
    }
    const code = formatted.extensions?.code;
    if (code === 'INTERNAL_SERVER_ERROR' && requestErrorStatus(error) !== undefined) {
      const known = PERSISTED_QUERY_ERRORS[formatted.message];
      return {
        message: known?.message ?? formatted.message,
        locations: formatted.locations,
        extensions: { code: known?.code ?? 'BAD_REQUEST' },
      };
    }
    if (code === 'INTERNAL_SERVER_ERROR' && !options.exposeInternals) {
      return { message: 'Internal server error', locations: formatted.locations, path: formatted.path, extensions: { code } };
    }
    if (!options.exposeInternals && formatted.extensions?.stacktrace) {
      const { stacktrace: _omit, ...extensions } = formatted.extensions;
      return { ...formatted, extensions };
    }
    return formatted;
  };
}

/** The Retry-After of an answer whose every error is SERVICE_UNAVAILABLE, or null for any other answer. */
export function unavailableRetryAfter(body: string): number | null {
  // Most answers never mention the code: they are not parsed again.
  if (!body.includes('"SERVICE_UNAVAILABLE"')) return null;
  let errors: unknown;
  try {
    errors = (JSON.parse(body) as { errors?: unknown }).errors;
  } catch {
    return null;
  }
  if (!Array.isArray(errors) || errors.length === 0) return null;
  let retryAfter = 0;
  for (const error of errors as GraphQLFormattedError[]) {
    if (error?.extensions?.code !== 'SERVICE_UNAVAILABLE') return null;
    const seconds = error.extensions.retryAfter;
    if (typeof seconds === 'number' && seconds > retryAfter) retryAfter = seconds;
  }
  return retryAfter;
}

/**
 * A GraphQL answer whose errors are all SERVICE_UNAVAILABLE (the database unreachable or busy) is a
 * 503 with Retry-After, never stored, as a REST read's is: so the response cache's last good copy
 * (stale-if-error) stands in for it when it holds one, and clients and CDNs know to retry.
 */
export const unavailableAs503: RequestHandler = (_req, res, next) => {
  const send = res.send.bind(res) as Response['send'];
  res.send = ((body?: unknown) => {
    res.send = send;
    const retryAfter = typeof body === 'string' && res.statusCode < 300 ? unavailableRetryAfter(body) : null;
    if (retryAfter === null) return send(body);
    res.status(503);
    res.setHeader('Cache-Control', NO_STORE);
    if (retryAfter > 0) res.setHeader('Retry-After', String(retryAfter));
    if (res.locals.staleIfError?.()) return res;
    return send(body);
  }) as Response['send'];
  next();
};
