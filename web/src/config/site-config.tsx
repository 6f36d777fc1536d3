import { createContext, useContext, type ReactNode } from 'react';

/** The allowlisted server settings the web app may see (gateway/src/config publicConfig). */
export interface SiteConfig {
  siteUrl: string;
  siteName: string;
  contactEmail: string;
  contactPhone: string;
}

const SiteConfigContext = createContext<SiteConfig | null>(null);

export function SiteConfigProvider({ value, children }: { value: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={value}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): SiteConfig {
  const value = useContext(SiteConfigContext);
  if (!value) throw new Error('useSiteConfig needs a SiteConfigProvider');
  return value;
}

/** The domain on sale, as readers see it in the address bar. */
export function siteHost(config: SiteConfig): string {
  return new URL(config.siteUrl).host;
}
