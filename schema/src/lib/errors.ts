/**
 * Typed domain errors. Services throw these; the gateway maps them to HTTP statuses
 * (middleware/error-handler.ts) and GraphQL codes (graphql/format-error.ts) in one place each.
 */
export interface FieldProblem {
  field: string;
  message: string;
}

export abstract class DomainError extends Error {
  abstract readonly httpStatus: number;
  abstract readonly graphqlCode: string;
}

export class NotFoundError extends DomainError {
  readonly httpStatus = 404;
  readonly graphqlCode = 'NOT_FOUND';
}

export class ValidationError extends DomainError {
  readonly httpStatus = 400;
  readonly graphqlCode = 'BAD_USER_INPUT';
  constructor(
    message: string,
    readonly fields: FieldProblem[] = [],
  ) {
    super(message);
  }
}

/** A body or file over its size limit (HTTP 413), naming the field at fault like a ValidationError. */
export class PayloadTooLargeError extends DomainError {
  readonly httpStatus = 413;
  readonly graphqlCode = 'PAYLOAD_TOO_LARGE';
  constructor(
    message: string,
    readonly fields: FieldProblem[] = [],
  ) {
    super(message);
  }
}

export class UnauthorizedError extends DomainError {
  readonly httpStatus = 401;
  readonly graphqlCode = 'UNAUTHENTICATED';
}

/** A valid token whose role may not do this (an editor asking for inquiries or tokens). */
export class ForbiddenError extends DomainError {
  readonly httpStatus = 403;
  readonly graphqlCode = 'FORBIDDEN';
}

/**
 * Why a request was refused with 503, for the operator's log (the client reads the message):
 * the database cannot be reached, every database connection is busy and the wait queue is full,
 * the request's statement was cancelled (shutdown or a server-side timeout), the server is
 * shutting down, or something else (media rendering is saturated).
 */
export type UnavailableReason = 'database-unreachable' | 'pool-busy' | 'cancelled' | 'shutting-down' | 'other';

export class ServiceUnavailableError extends DomainError {
  readonly httpStatus = 503;
  readonly graphqlCode = 'SERVICE_UNAVAILABLE';
  constructor(
    message: string,
    /** When known, how long the client should wait before retrying (HTTP Retry-After). */
    readonly retryAfterSeconds?: number,
    readonly reason: UnavailableReason = 'other',
  ) {
    super(message);
  }
}

/**
 * An Idempotency-Key seen before with a different request: the client reused a key for a new
 * message (HTTP 422, as the IETF Idempotency-Key draft asks).
 */
export class IdempotencyKeyReusedError extends DomainError {
  readonly httpStatus = 422;
  readonly graphqlCode = 'IDEMPOTENCY_KEY_REUSED';
}

export class TooManyRequestsError extends DomainError {
  readonly httpStatus = 429;
  readonly graphqlCode = 'TOO_MANY_REQUESTS';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    /** The spent limit's RateLimit and RateLimit-Policy headers, sent with the 429. */
    readonly headers: readonly (readonly [string, string])[] = [],
  ) {
    super(message);
  }
}
