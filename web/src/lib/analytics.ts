/**
 * The analytics hook: a deployment may define `window.siteAnalytics(event)` (for example in a tag
 * manager). Without one, events go nowhere.
 */
export interface AnalyticsEvent {
  type: 'search' | 'web-vital';
  [key: string]: unknown;
}

declare global {
  interface Window {
    siteAnalytics?: (event: AnalyticsEvent) => void;
    __lastSearch?: string;
  }
}

export function track(event: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  try {
    window.siteAnalytics?.(event);
  } catch {
    // Analytics must never break the page.
  }
}

export function recordSearch(query: string): void {
  const trimmed = query.trim();
  if (!trimmed || typeof window === 'undefined') return;
  window.__lastSearch = trimmed;
  track({ type: 'search', query: trimmed });
}
