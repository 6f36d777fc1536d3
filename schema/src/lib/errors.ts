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

export class UnauthorizedError extends DomainError {
  readonly httpStatus = 401;
  readonly graphqlCode = 'UNAUTHENTICATED';
}

export class ServiceUnavailableError extends DomainError {
  readonly httpStatus = 503;
  readonly graphqlCode = 'SERVICE_UNAVAILABLE';
  constructor(
    message: string,
    /** When known, how long the client should wait before retrying (HTTP Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export class TooManyRequestsError extends DomainError {
  readonly httpStatus = 429;
  readonly graphqlCode = 'TOO_MANY_REQUESTS';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
