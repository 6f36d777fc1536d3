// Test files that need a server beside the embedded database: *.pg.test.ts a real PostgreSQL
// (TEST_DATABASE_URL), *.redis.test.ts a Redis (TEST_REDIS_URL). Without one they are skipped.

/** Why `file` is skipped in this environment, or null when it runs. */
export function serverSuiteSkipReason(file, env = process.env) {
  if (/\.pg\.test\.tsx?$/.test(file) && !env.TEST_DATABASE_URL) return 'need PostgreSQL: set TEST_DATABASE_URL to run them';
  if (/\.redis\.test\.tsx?$/.test(file) && !env.TEST_REDIS_URL) return 'need Redis: set TEST_REDIS_URL to run them';
  return null;
}
