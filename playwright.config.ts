import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_TOKEN, E2E_DIGEST_CLOCK_FILE, E2E_MAIL_DIR, E2E_SALE_PRICE_AUD } from './e2e/e2e-settings';
import { CHROMIUM_FLAGS, chromiumExecutable } from './scripts/chromium-executable.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** Specs that change what other specs read (published articles). */
const WRITERS = ['**/newsroom.spec.ts', '**/corrections.spec.ts', '**/fediverse.spec.ts', '**/newsroom-trust.spec.ts', '**/newsletter.spec.ts'];
// CHROMIUM_PATH, Debian's Chromium, or the one packaged in node_modules (unpacked on first use).
const executablePath = await chromiumExecutable();

/** The reader's view: the production build on its own database, driven in a real Chromium. */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Files run side by side (a file's tests in order), on two workers for two cores; E2E_WORKERS overrides.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retry: a test that passes only on a second try is a test to fix.
  retries: 0,
  timeout: 30_000,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions: {
      executablePath,
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [
    // Readers' specs change nothing other specs read, so they share the server in parallel.
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone/, testIgnore: WRITERS },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/, testIgnore: WRITERS },
    // Specs that publish or unpublish content run once the readers are done, so no reader sees their rows.
    { name: 'writers', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone/, testMatch: WRITERS, dependencies: ['desktop', 'phone'] },
    { name: 'writers-phone', use: { ...devices['Pixel 7'], channel: undefined }, grep: /@phone/, testMatch: WRITERS, dependencies: ['desktop', 'phone'] },
  ],
  webServer: {
    command: `node scripts/serve-e2e.mjs`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // A Buy-Now price, so the buyer's page shows Buy now and offers can meet the asking price.
    env: { PORT: String(PORT), ADMIN_TOKEN: E2E_ADMIN_TOKEN, SALE_PRICE_AUD: String(E2E_SALE_PRICE_AUD), E2E_MAIL_DIR, NEWSLETTER_CLOCK_FILE: E2E_DIGEST_CLOCK_FILE },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
