import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from './e2e/e2e-settings';
import { CHROMIUM_FLAGS, chromiumExecutable } from './scripts/chromium-executable.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173);
// CHROMIUM_PATH, Debian's Chromium, or the one packaged in node_modules (unpacked on first use).
const executablePath = await chromiumExecutable();

/** The reader's view: the production build on its own database, driven in a real Chromium. */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // One retry in CI keeps a slow machine from failing a run; a retried test is still reported as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions: {
      executablePath,
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone/ },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/ },
  ],
  webServer: {
    command: `node scripts/serve-e2e.mjs`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT), ADMIN_TOKEN: E2E_ADMIN_TOKEN },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
