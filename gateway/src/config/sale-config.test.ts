import { describe, expect, it } from 'vitest';
import { BRAND_DOMAIN, ConfigError, loadConfig, publicConfig } from './config.js';

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('the domain for sale (SALE_DOMAIN, SALE_PRICE_AUD, SALE_MIN_OFFER_AUD)', () => {
  it("defaults to SITE_URL's host name, with no asking terms (make an offer)", () => {
    expect(loadConfig({ SITE_URL: 'https://TechNews.example.au:8443/' }).sale).toEqual({ domain: 'technews.example.au', priceAud: null, minOfferAud: null });
  });

  it("is the brand's domain when SITE_URL is a loopback name (a fresh npm start)", () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:4173', 'http://[::1]:3000', 'http://app.localhost', 'http://0.0.0.0:3000']) {
      expect(loadConfig({ SITE_URL: url }).sale.domain).toBe(BRAND_DOMAIN);
    }
    expect(BRAND_DOMAIN).toBe('austechnews.com.au');
  });

  it('reads the domain (any case, a trailing dot) and whole-dollar terms, and shows them to the web', () => {
    const config = loadConfig({ SALE_DOMAIN: 'AusTechNews.COM.AU.', SALE_PRICE_AUD: '250000', SALE_MIN_OFFER_AUD: '100000' });
    expect(config.sale).toEqual({ domain: 'austechnews.com.au', priceAud: 250_000, minOfferAud: 100_000 });
    expect(publicConfig(config)).toMatchObject({ saleDomain: 'austechnews.com.au', salePriceAud: 250_000, saleMinOfferAud: 100_000 });
  });

  it('refuses a domain with a scheme, path, port, spaces or no TLD, naming the rule', () => {
    for (const domain of ['https://example.com.au', 'example.com.au/sale', 'example.com.au:443', 'exa mple.com', 'localhost', '-bad.com.au', '<script>.au']) {
      expect(refusal({ SALE_DOMAIN: domain })).toContain('SALE_DOMAIN must be a domain name such as austechnews.com.au (no scheme, path or port)');
    }
  });

  it('refuses amounts that are not whole dollars within limits, naming the setting and the rule', () => {
    expect(refusal({ SALE_PRICE_AUD: '250k' })).toContain('SALE_PRICE_AUD must be a whole number of Australian dollars, from 1 to 1000000000');
    expect(refusal({ SALE_PRICE_AUD: '2500.50' })).toContain('SALE_PRICE_AUD must be a whole number of Australian dollars');
    expect(refusal({ SALE_MIN_OFFER_AUD: '0' })).toContain('SALE_MIN_OFFER_AUD must be at least 1');
    expect(refusal({ SALE_MIN_OFFER_AUD: '-5' })).toContain('SALE_MIN_OFFER_AUD must be at least 1');
    expect(refusal({ SALE_PRICE_AUD: '1e12' })).toContain('SALE_PRICE_AUD must be at most 1000000000');
  });

  it('refuses a minimum offer above the Buy-Now price', () => {
    expect(refusal({ SALE_PRICE_AUD: '100000', SALE_MIN_OFFER_AUD: '200000' })).toContain('SALE_MIN_OFFER_AUD: must not exceed SALE_PRICE_AUD');
    expect(loadConfig({ SALE_PRICE_AUD: '100000', SALE_MIN_OFFER_AUD: '100000' }).sale.minOfferAud).toBe(100_000);
  });
});
