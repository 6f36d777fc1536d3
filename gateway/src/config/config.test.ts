import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults: port 3000 on the embedded database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toMatchObject({ kind: 'pglite' });
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.adminToken).toBeNull();
  });

  it('sizes the response and cover caches for the database: smaller when PostgreSQL is in the process', () => {
    expect(loadConfig({})).toMatchObject({ responseCacheBytes: 8 * 1024 * 1024, coverCacheBytes: 16 * 1024 * 1024 });
    expect(loadConfig({ DATABASE_URL: 'postgres://news@db.internal/news' })).toMatchObject({ responseCacheBytes: 64 * 1024 * 1024, coverCacheBytes: 64 * 1024 * 1024 });
    expect(loadConfig({ RESPONSE_CACHE_MB: '48' }).responseCacheBytes).toBe(48 * 1024 * 1024);
  });

  it('reads every setting and treats empty strings as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/news',
      SITE_URL: 'https://technews.example.au/',
      CONTACT_EMAIL: 'sales@example.au',
      CONTACT_PHONE: '+61 400 000 000',
      ADMIN_TOKEN: 'a'.repeat(32),
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      database: { kind: 'postgres', url: 'postgres://u@db:5432/news' },
      siteUrl: 'https://technews.example.au',
      contactEmail: 'sales@example.au',
      adminToken: 'a'.repeat(32),
      logLevel: 'info',
    });
  });

  it('names every bad value at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', SITE_URL: 'ftp://x', CONTACT_EMAIL: 'nope', DATABASE_URL: 'mysql://x', ADMIN_TOKEN: 'short' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const name of ['PORT', 'SITE_URL', 'CONTACT_EMAIL', 'DATABASE_URL', 'ADMIN_TOKEN']) expect(message).toContain(name);
  });

  it('lets only an allowlist reach the browser', () => {
    const exposed = publicConfig(loadConfig({ ADMIN_TOKEN: 'secret-secret-secret-secret', DATABASE_URL: 'postgres://u:pw@db/x' }));
    // The domain for sale and its asking terms are on the allowlist.
    expect(Object.keys(exposed).sort()).toEqual(['contactEmail', 'contactPhone', 'saleDomain', 'saleMinOfferAud', 'salePriceAud', 'siteName', 'siteUrl']);
    expect(JSON.stringify(exposed)).not.toMatch(/secret|pw@/);
  });
});

describe('limits against slow clients, page floods and source maps', () => {
  it('has safe defaults', () => {
    const config = loadConfig({});
    expect(config.http).toEqual({ requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000, maxConnections: 1_000, maxConnectionsPerAddress: 100 });
    expect(config.pageRateLimitPerMinute).toBe(1_200);
    expect(config.serveSourceMaps).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).serveSourceMaps).toBe(false);
  });

  it('reads each setting', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      REQUEST_TIMEOUT_MS: '20000',
      HEADERS_TIMEOUT_MS: '5000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      MAX_CONNECTIONS: '256',
      PAGE_RATE_LIMIT: '300',
      SERVE_SOURCE_MAPS: 'true',
    });
    expect(config.http).toEqual({ requestTimeoutMs: 20_000, headersTimeoutMs: 5_000, keepAliveTimeoutMs: 65_000, maxConnections: 256, maxConnectionsPerAddress: 100 });
    expect(config.pageRateLimitPerMinute).toBe(300);
    expect(config.serveSourceMaps).toBe(true);
    expect(loadConfig({ SERVE_SOURCE_MAPS: 'false' }).serveSourceMaps).toBe(false);
  });

  it.each([
    ['REQUEST_TIMEOUT_MS', 'soon'],
    ['REQUEST_TIMEOUT_MS', '0'],
    ['REQUEST_TIMEOUT_MS', '-1'],
    ['HEADERS_TIMEOUT_MS', '1.5'],
    ['KEEP_ALIVE_TIMEOUT_MS', '-5'],
    ['MAX_CONNECTIONS', '0'],
    ['MAX_CONNECTIONS', 'many'],
    ['PAGE_RATE_LIMIT', '0'],
    ['SERVE_SOURCE_MAPS', 'yes'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('refuses a headers timeout longer than the request timeout', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' })).toThrow(/HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '40000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });
});
