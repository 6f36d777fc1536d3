import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { reportSiteUrl } from './domain-report.js';

const configFor = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

describe("the Domain Report's links", () => {
  it('use the domain for sale when the site runs on a loopback address', () => {
    for (const siteUrl of ['http://localhost:3000', 'http://127.0.0.1:4173', 'http://[::1]:8080']) {
      expect(reportSiteUrl(configFor({ SITE_URL: siteUrl }))).toBe('https://austechnews.com.au');
      expect(reportSiteUrl(configFor({ SITE_URL: siteUrl, SALE_DOMAIN: 'technews.example.au' }))).toBe('https://technews.example.au');
    }
  });

  it("keep the site's own address otherwise", () => {
    expect(reportSiteUrl(configFor({ SITE_URL: 'https://news.example.au/' }))).toBe('https://news.example.au');
  });
});
