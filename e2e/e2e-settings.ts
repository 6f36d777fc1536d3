/** The owner's token of the browser tests' server (the newsroom pages sign in with it). */
export const E2E_ADMIN_TOKEN = process.env.E2E_ADMIN_TOKEN ?? 'e2e-owner-token-0123456789abcdef';

/** The Buy-Now price of the browser tests' server (SALE_PRICE_AUD), in whole AUD; no minimum offer is set. */
export const E2E_SALE_PRICE_AUD = 250_000;

/**
 * Where the browser tests' SMTP server (started by scripts/serve-e2e.mjs beside the site) writes each
 * message it receives, one `.eml` file each: the specs read the site's e-mail there.
 */
export const E2E_MAIL_DIR = process.env.E2E_MAIL_DIR ?? `${process.env.TMPDIR ?? '/tmp'}/e2e-mail-${process.env.E2E_PORT ?? 4173}`;

/**
 * The instant the browser tests' server times its newsletter digests by (NEWSLETTER_CLOCK_FILE, a
 * tests-only setting): a spec writes the next morning into it; empty, the digests keep real time.
 */
export const E2E_DIGEST_CLOCK_FILE = process.env.E2E_DIGEST_CLOCK_FILE ?? `${process.env.TMPDIR ?? '/tmp'}/e2e-clock-${process.env.E2E_PORT ?? 4173}/digests-now`;
