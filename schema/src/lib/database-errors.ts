import { ConnectionException } from '@mikro-orm/core';
import { DomainError, ServiceUnavailableError } from './errors.js';

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);
// "Query read timeout": no answer within query_timeout, the connection presumed dead (it is discarded);
// "not queryable": a later statement (the rollback) on that discarded connection; "timeout expired":
// pg's connect timeout.
const UNAVAILABLE_MESSAGES = /connection terminated|timeout exceeded when trying to connect|connection (is )?closed|server closed the connection|terminating connection|Connection refused|PGlite is closed|Query read timeout|is not queryable|^timeout expired$/i;

/**
 * Codes the connection pool (runtime/database-pool.ts) gives its own refusals: every connection is
 * busy and the wait queue is full, or a queued request waited the whole acquire timeout. They are
 * codes rather than classes because the ORM re-wraps driver errors, copying their fields.
 */
export const POOL_QUEUE_FULL = 'POOL_QUEUE_FULL';
export const POOL_ACQUIRE_TIMEOUT = 'POOL_ACQUIRE_TIMEOUT';
/** PostgreSQL's query_canceled: pg_cancel_backend at shutdown, or a statement timeout. */
const QUERY_CANCELED = '57014';

/** Seconds a client is told to wait (Retry-After) before retrying a refused request. */
export const RETRY_AFTER_SECONDS = { 'database-unreachable': 5, 'pool-busy': 2, cancelled: 5, 'shutting-down': 5 } as const;

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

/** True when an error means the database cannot be reached, rather than a bug, bad input or a busy pool. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === POOL_QUEUE_FULL || code === POOL_ACQUIRE_TIMEOUT) return false;
    if (e instanceof ConnectionException) return true;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** What a reader hears when a read cannot reach the database. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The news is briefly unavailable: the database cannot be reached. Please try again in a moment.';
/** What a writer hears when a write failed before it was committed. */
export const WRITE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable: nothing was stored. Please try again in a moment.';

const READ_MESSAGES = {
  'database-unreachable': DATABASE_UNAVAILABLE_MESSAGE,
  'pool-busy': 'The server is busy: every database connection is in use and the wait queue is full. Please try again in a moment.',
  cancelled: 'The request was cancelled by the database (the server is restarting or the query took too long). Please try again in a moment.',
  'shutting-down': 'The server is restarting. Please try again in a moment.',
} as const;

const WRITE_MESSAGES = {
  'database-unreachable': WRITE_UNAVAILABLE_MESSAGE,
  'pool-busy': 'The server is busy: every database connection is in use and the wait queue is full; nothing was stored. Please try again in a moment.',
  cancelled: 'The request was cancelled by the database before it was committed: nothing was stored. Please try again in a moment.',
  'shutting-down': 'The server is restarting: nothing was stored. Please try again in a moment.',
} as const;

/**
 * The connection was lost while COMMIT was on its way: the database may or may not have stored the
 * write, and only a retry with the same Idempotency-Key can tell without storing it twice.
 */
export const WRITE_OUTCOME_UNKNOWN_MESSAGE =
  'The database stopped answering while your message was being stored: it may or may not have been stored. Retry with the same Idempotency-Key to find out; it will not be stored twice.';

/** True when a write's refusal cannot say whether it was stored (the COMMIT went unanswered). */
export function isWriteOutcomeUnknown(error: unknown): boolean {
  return error instanceof ServiceUnavailableError && error.message === WRITE_OUTCOME_UNKNOWN_MESSAGE;
}

type KnownReason = keyof typeof READ_MESSAGES;

/**
 * The database went silent (no answer to a statement, or to a connection being opened) rather than
 * refusing: a statement may have reached it and, outside a transaction, committed.
 */
const SILENT_MESSAGES = /Query read timeout|is not queryable|timeout exceeded when trying to connect|Connection terminated due to connection timeout|^timeout expired$/i;

function isSilent(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { message } = e as { message?: unknown };
    if (typeof message === 'string' && SILENT_MESSAGES.test(message)) return true;
  }
  return false;
}

function reasonOf(error: unknown): KnownReason | null {
  const codes = codesOf(error);
  if (codes.includes(POOL_QUEUE_FULL) || codes.includes(POOL_ACQUIRE_TIMEOUT)) return 'pool-busy';
  if (codes.includes(QUERY_CANCELED)) return 'cancelled';
  if (isDatabaseUnavailable(error)) return 'database-unreachable';
  return null;
}

function findDomainError(error: unknown): DomainError | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DomainError) return e;
  }
  return null;
}

/**
 * The one mapping from errors to domain errors: typed domain errors pass through (also when the
 * ORM wrapped them as a cause); an unreachable database, a full pool queue or a cancelled statement
 * become a 503 with Retry-After, worded for a read; anything else is not ours (a bug: 500).
 */
export function asDomainError(error: unknown): DomainError | null {
  const domain = findDomainError(error);
  if (domain) return domain;
  const reason = reasonOf(error);
  return reason ? new ServiceUnavailableError(READ_MESSAGES[reason], RETRY_AFTER_SECONDS[reason], reason) : null;
}

/**
 * The same mapping for a write: refusals say whether anything was stored. `committing` is true
 * once COMMIT was sent, when a lost connection leaves the outcome unknown; so does a database that
 * went silent (packets dropped), which a client cannot tell from one that stored and did not say.
 */
export function asWriteDomainError(error: unknown, options: { committing?: boolean } = {}): DomainError | null {
  const domain = asDomainError(error);
  if (!(domain instanceof ServiceUnavailableError) || domain.reason === 'other') return domain;
  const reason = domain.reason;
  if ((options.committing || isSilent(error)) && reason === 'database-unreachable') {
    return new ServiceUnavailableError(WRITE_OUTCOME_UNKNOWN_MESSAGE, RETRY_AFTER_SECONDS[reason], reason);
  }
  return new ServiceUnavailableError(WRITE_MESSAGES[reason], domain.retryAfterSeconds ?? RETRY_AFTER_SECONDS[reason], reason);
}
