/** The allowlisted server settings the web app may see (gateway/src/config publicConfig). */
export interface SiteConfig {
  siteUrl: string;
  siteName: string;
  contactEmail: string;
  contactPhone: string;
}

declare global {
  interface Window {
    /** Read by the client script from the page's `#site-config` data block. */
    __SITE_CONFIG__?: SiteConfig;
  }
}

/** The domain on sale, as readers see it in the address bar. */
export function siteHost(config: Pick<SiteConfig, 'siteUrl'>): string {
  return new URL(config.siteUrl).host;
}
