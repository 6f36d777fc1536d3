import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** Every refusal names the rule that was broken, not a generic "must be a number". */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

const NUMBERS: [name: string, min: number, max: number][] = [
  ['PORT', 0, 65535],
  ['API_RATE_LIMIT', 1, 1_000_000_000],
  ['API_KEY_RATE_LIMIT', 1, 1_000_000_000],
  ['CONTACT_RATE_LIMIT', 1, 100_000],
  ['PAGE_RATE_LIMIT', 1, 1_000_000_000],
  ['SHUTDOWN_GRACE_MS', 0, 60_000],
  ['SHUTDOWN_TIMEOUT_MS', 100, 120_000],
  ['REQUEST_TIMEOUT_MS', 100, 600_000],
  ['KEEP_ALIVE_TIMEOUT_MS', 0, 600_000],
  ['MAX_CONNECTIONS', 1, 1_000_000],
  ['RESPONSE_CACHE_TTL_SECONDS', 0, 86_400],
  ['RESPONSE_CACHE_MB', 1, 4_096],
  ['RESPONSE_CACHE_STALE_SECONDS', 0, 604_800],
  ['DATABASE_ACQUIRE_TIMEOUT_MS', 100, 120_000],
  ['DATABASE_QUEUE_LIMIT', 0, 100_000],
  ['DATABASE_CONNECT_TIMEOUT_MS', 100, 60_000],
];

describe('configuration errors name the real rule', () => {
  it('refuses CONTACT_RATE_LIMIT=1000000 for being above its maximum', () => {
    expect(refusal({ CONTACT_RATE_LIMIT: '1000000' })).toContain('CONTACT_RATE_LIMIT must be at most 100000');
  });

  it.each(NUMBERS)('%s: above the maximum, below the minimum, not a whole number', (name, min, max) => {
    expect(refusal({ [name]: String(max + 1) })).toContain(`${name} must be at most ${max}`);
    expect(refusal({ [name]: String(min - 1) })).toContain(`${name} must be at least ${min}`);
    expect(refusal({ [name]: 'lots' })).toMatch(new RegExp(`${name} must be a whole number of .+, from ${min} to ${max}`));
    expect(refusal({ [name]: String(min + 0.5) })).toMatch(new RegExp(`${name} must be a whole number`));
  });

  it('names the length and choice rules of text settings', () => {
    expect(refusal({ SITE_NAME: 'x'.repeat(61) })).toContain('SITE_NAME must be at most 60 characters');
    expect(refusal({ CONTACT_PHONE: '12' })).toContain('CONTACT_PHONE must be at least 6 characters');
    expect(refusal({ LOG_LEVEL: 'loud' })).toContain('LOG_LEVEL must be one of: fatal, error, warn, info, debug, trace, silent');
    expect(refusal({ LOG_FORMAT: 'xml' })).toContain('LOG_FORMAT must be one of: auto, json, pretty');
    expect(refusal({ NODE_ENV: 'prod' })).toContain('NODE_ENV must be one of: development, production, test');
  });
});

describe('database pool settings', () => {
  it('defaults per database: ten PostgreSQL connections, PGlite its one session', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/news' }).pool).toEqual({ size: 10, acquireTimeoutMs: 10_000, queueLimit: 200, connectTimeoutMs: 3_000, queryTimeoutMs: 5_000 });
    expect(loadConfig({}).pool.size).toBe(1);
  });

  it('reads each setting', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db/news',
      DATABASE_POOL_SIZE: '25',
      DATABASE_ACQUIRE_TIMEOUT_MS: '5000',
      DATABASE_QUEUE_LIMIT: '50',
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
      DATABASE_QUERY_TIMEOUT_MS: '2500',
    });
    expect(config.pool).toEqual({ size: 25, acquireTimeoutMs: 5_000, queueLimit: 50, connectTimeoutMs: 1_500, queryTimeoutMs: 2_500 });
  });

  it('refuses a pool of more than one session on PGlite, and a pool too large', () => {
    expect(refusal({ DATABASE_POOL_SIZE: '5' })).toMatch(/DATABASE_POOL_SIZE: must be 1 with the embedded database/);
    expect(loadConfig({ DATABASE_POOL_SIZE: '1' }).pool.size).toBe(1);
    expect(refusal({ DATABASE_URL: 'postgres://u@db/news', DATABASE_POOL_SIZE: '1001' })).toContain('DATABASE_POOL_SIZE must be at most 1000');
  });

  it('keeps last good copies for a day by default', () => {
    expect(loadConfig({}).responseCacheStaleMs).toBe(86_400_000);
    expect(loadConfig({ RESPONSE_CACHE_STALE_SECONDS: '0' }).responseCacheStaleMs).toBe(0);
    expect(loadConfig({}).logFormat).toBe('auto');
  });
});
