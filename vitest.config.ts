import { defineConfig } from 'vitest/config';
import { serverSuiteSkipReason } from './scripts/server-suites.mjs';

// Said once per test run (the config is loaded more than once; tools that only read it stay quiet):
// which files the run skips, and why.
if (process.env.VITEST && !process.env.SERVER_SUITES_NOTED) {
  process.env.SERVER_SUITES_NOTED = '1';
  for (const [pattern, sample] of [['*.pg.test.ts', 'x.pg.test.ts'], ['*.redis.test.ts', 'x.redis.test.ts']]) {
    const reason = serverSuiteSkipReason(sample);
    if (reason) console.info(`${pattern} are skipped: they ${reason}.`);
  }
}

export default defineConfig({
  test: {
    // Migrates and seeds once per run; each test file's database is a copy (schema/src/test/test-database.ts).
    globalSetup: ['schema/src/test/template-databases.setup.ts'],
    // Deadlines, not expectations: generous enough for a machine whose cores are busy elsewhere.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll gives up after 10 s, not Vitest's 1 s: on a busy machine a condition can take
    // seconds to hold, and polling returns as soon as it does.
    expect: { poll: { timeout: 10_000 } },
    // PGlite is heavy on two cores: a few files at a time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['schema/src/**/*.test.ts', 'gateway/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          // *.pg.test.ts need a real PostgreSQL server (they cut its connection): they run when
          // TEST_DATABASE_URL names one, as in CI. *.redis.test.ts need a Redis server (TEST_REDIS_URL).
          // Without one, the runner reports them as skipped.
          runner: './scripts/vitest-runner.ts',
          environment: 'node',
          setupFiles: ['gateway/src/test/vitest-setup.ts'],
          // A worker loads the server's modules once for all its files (loading them per file is
          // half the time); what an app keeps belongs to the app each file creates (decision 063).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
    ],
  },
});
