import { createContext, useContext, type ReactNode } from 'react';

/**
 * What a server render learns from the page tree: the HTTP status and the page head.
 * In the browser there is no collector and pages update document.head themselves.
 */
export interface PageHead {
  title: string;
  description: string;
  /** Site-relative path of the canonical URL. */
  path: string;
  noindex?: boolean;
  type?: 'website' | 'article';
  image?: string;
  publishedTime?: string;
  modifiedTime?: string;
  section?: string;
  jsonLd?: object[];
  feeds?: { title: string; href: string }[];
  /** The author's fediverse account ("@name@server.example"), credited when the page is shared there. */
  fediverseCreator?: string | null;
}

export interface RenderCollector {
  status: number;
  head: PageHead | null;
}

const RenderContext = createContext<RenderCollector | null>(null);

export function RenderCollectorProvider({ value, children }: { value: RenderCollector | null; children: ReactNode }) {
  return <RenderContext.Provider value={value}>{children}</RenderContext.Provider>;
}

export function useRenderCollector(): RenderCollector | null {
  return useContext(RenderContext);
}
