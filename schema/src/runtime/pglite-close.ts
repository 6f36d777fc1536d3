import { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's `close()` does not take the query lock. Called between the protocol messages of a
 * query in flight (a background job's read as a process shuts down, a test file's teardown), it
 * shuts the engine down under that query, whose next message then loops inside the engine for
 * ever: one core at 100 % and the event loop held, so no deadline or signal handler can run.
 * Every PGlite in the process closes under the query lock instead: the query in flight finishes,
 * and one that was still waiting fails once the database is closed.
 */
const CLOSES_AFTER_QUERY_IN_FLIGHT = Symbol.for('technews.pglite.closesAfterQueryInFlight');

// Patched once, however many copies of this module a process loads (tests and the bundle alike).
const pglite = PGlite as typeof PGlite & { [CLOSES_AFTER_QUERY_IN_FLIGHT]?: true };
if (!pglite[CLOSES_AFTER_QUERY_IN_FLIGHT]) {
  const closeNow = pglite.prototype.close;
  pglite.prototype.close = function close(this: PGlite) {
    return this.runExclusive(() => closeNow.call(this));
  };
  pglite[CLOSES_AFTER_QUERY_IN_FLIGHT] = true;
}
