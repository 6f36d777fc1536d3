import 'reflect-metadata';

/**
 * The PostgreSQL client under Fedify's stores looks up array types once, on its first connection,
 * in a promise nobody can await; when a test cuts the database at that moment, its rejection is
 * unhandled. That one failure is the test's own outage, not the site's: it is let through here, and
 * any other unhandled rejection still fails the run.
 */
process.on('unhandledRejection', (reason) => {
  const query = (reason as { query?: unknown } | null)?.query;
  if (typeof query === 'string' && query.includes('pg_catalog.pg_type')) return;
  throw reason;
});
