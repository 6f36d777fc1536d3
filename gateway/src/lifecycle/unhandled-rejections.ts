/**
 * The PostgreSQL client under the fediverse stores (`postgres`) looks up the database's array types
 * once, on its first connection, in a promise nobody can await. When the database goes away at that
 * moment, the lookup's rejection is unhandled, and Node would end the process: every reader would
 * lose the site for one failed lookup that the client simply repeats on its next connection.
 */
export function isDatabaseTypeLookupFailure(reason: unknown): boolean {
  const query = (reason as { query?: unknown } | null)?.query;
  return typeof query === 'string' && query.includes('pg_catalog.pg_type');
}

interface WarnLogger {
  warn(details: object, message: string): void;
}

/**
 * What the process does with a rejection nobody handled: that one lookup is logged and survived;
 * anything else is thrown again, so the process ends as Node ends it (an unknown failure may have
 * left the server in a state nobody planned for; the supervisor starts a clean one).
 */
export function unhandledRejectionHandler(logger: WarnLogger): (reason: unknown) => void {
  return (reason) => {
    if (isDatabaseTypeLookupFailure(reason)) {
      logger.warn({ code: (reason as { code?: unknown }).code }, 'the database client could not look up its types; it tries again on its next connection');
      return;
    }
    throw reason;
  };
}
