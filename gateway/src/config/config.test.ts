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
    expect(Object.keys(exposed).sort()).toEqual(['contactEmail', 'contactPhone', 'siteName', 'siteUrl']);
    expect(JSON.stringify(exposed)).not.toMatch(/secret|pw@/);
  });
});
