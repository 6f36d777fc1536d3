import { defineConfig } from 'vitest/config';

/**
 * `npm run test:abuse`: hostile clients against the built server, one file at a time (each file
 * starts its own server; two at once would share the machine's two cores and blur each other's memory).
 */
export default defineConfig({
  test: {
    name: 'abuse',
    root: '.',
    include: ['e2e/abuse/**/*.abuse.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/abuse/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false },
    testTimeout: 240_000,
    hookTimeout: 240_000,
    reporters: ['default'],
  },
});
