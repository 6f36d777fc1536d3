import { ConnectionException } from '@mikro-orm/core';
import { DomainError, ServiceUnavailableError } from './errors.js';

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);
const UNAVAILABLE_MESSAGES = /connection terminated|timeout exceeded when trying to connect|connection (is )?closed|server closed the connection|terminating connection|Connection refused|PGlite is closed/i;

/** True when an error means the database cannot be reached, rather than a bug or bad input. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ConnectionException) return true;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable: nothing was stored. Please try again in a moment.';

/** Typed domain errors pass through; an unreachable database becomes a 503; anything else is not ours. */
export function asDomainError(error: unknown): DomainError | null {
  if (error instanceof DomainError) return error;
  if (isDatabaseUnavailable(error)) return new ServiceUnavailableError(DATABASE_UNAVAILABLE_MESSAGE);
  return null;
}
