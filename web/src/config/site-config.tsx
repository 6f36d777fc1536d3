import { createContext, useContext, type ReactNode } from 'react';
import type { SiteConfig } from './site-settings';

export { siteHost, type SiteConfig } from './site-settings';

const SiteConfigContext = createContext<SiteConfig | null>(null);

export function SiteConfigProvider({ value, children }: { value: SiteConfig; children: ReactNode }) {
  return <SiteConfigContext.Provider value={value}>{children}</SiteConfigContext.Provider>;
}

export function useSiteConfig(): SiteConfig {
  const value = useContext(SiteConfigContext);
  if (!value) throw new Error('useSiteConfig needs a SiteConfigProvider');
  return value;
}
