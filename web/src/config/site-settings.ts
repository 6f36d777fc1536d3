/** The allowlisted server settings the web app may see (gateway/src/config publicConfig). */
export interface SiteConfig {
  siteUrl: string;
  siteName: string;
  contactEmail: string;
  contactPhone: string;
  /** The domain for sale (SALE_DOMAIN, or SITE_URL's host unless that is a loopback name). */
  saleDomain: string;
  /** Buy-Now price in whole AUD (SALE_PRICE_AUD), or null. */
  salePriceAud: number | null;
  /** The least offer considered, in whole AUD (SALE_MIN_OFFER_AUD), or null. */
  saleMinOfferAud: number | null;
}

declare global {
  interface Window {
    /** Read by the client script from the page's `#site-config` data block. */
    __SITE_CONFIG__?: SiteConfig;
  }
}

/** The domain on sale (the SALE_DOMAIN setting; the site's own host when a config predates it). */
export function siteHost(config: Pick<SiteConfig, 'siteUrl'> & Partial<Pick<SiteConfig, 'saleDomain'>>): string {
  return config.saleDomain || new URL(config.siteUrl).host;
}

/** Whole Australian dollars as buyers read them: A$250,000. */
export function formatAud(amount: number): string {
  return `A$${Math.round(amount).toLocaleString('en-AU')}`;
}

/** The asking terms in one line: a Buy-Now price, a minimum offer, or "Make an offer". */
export function saleTermsLabel(config: Pick<SiteConfig, 'salePriceAud' | 'saleMinOfferAud'>): string {
  if (config.salePriceAud !== null) {
    return config.saleMinOfferAud !== null
      ? `Buy now for ${formatAud(config.salePriceAud)}, or offers from ${formatAud(config.saleMinOfferAud)}`
      : `Buy now for ${formatAud(config.salePriceAud)}`;
  }
  return config.saleMinOfferAud !== null ? `Offers from ${formatAud(config.saleMinOfferAud)}` : 'Make an offer';
}

/** Prices are quoted exclusive of GST; GST applies where the law requires it. */
export const GST_NOTE = 'Prices in Australian dollars (AUD), exclusive of GST; GST is added where it applies to the sale.';

/** Where every domain call to action leads: the contact form with 'Domain Purchase' selected. */
export const DOMAIN_INQUIRY_PATH = '/contact?inquiry=domain';
export const DOMAIN_PAGE_PATH = '/domain';
export const DOMAIN_REPORT_PATH = '/domain/report.pdf';
