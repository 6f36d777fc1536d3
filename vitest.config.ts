import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
          exclude: [...(process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts']), ...(process.env.TEST_REDIS_URL ? [] : ['**/*.redis.test.ts'])],
          environment: 'node',
          setupFiles: ['reflect-metadata'],
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
