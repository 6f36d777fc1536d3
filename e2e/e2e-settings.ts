/** The owner's token of the browser tests' server (the newsroom pages sign in with it). */
export const E2E_ADMIN_TOKEN = process.env.E2E_ADMIN_TOKEN ?? 'e2e-owner-token-0123456789abcdef';
