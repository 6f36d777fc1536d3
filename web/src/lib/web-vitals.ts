import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { track } from './analytics';

/** Metrics measured on this page and not yet sent to the site. */
const queue: { name: string; value: number }[] = [];
let zoneSent = false;

/**
 * The site's own measurement (decision 024): the page's metrics in one beacon to /api/vitals when
 * the page is hidden (the last moment a browser reliably sends), with the time zone once per page.
 */
function sendQueued(): void {
  if (!queue.length || typeof navigator.sendBeacon !== 'function') return;
  const report: { path: string; metrics: typeof queue; tz?: string } = { path: location.pathname, metrics: queue.splice(0) };
  if (!zoneSent) {
    zoneSent = true;
    report.tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  }
  navigator.sendBeacon('/api/vitals', JSON.stringify(report));
}

/**
 * Core Web Vitals go to the site's /api/vitals (the analytics service) and to the analytics hook
 * when one is present (INP replaced the retired FID).
 */
export function reportWebVitals(): void {
  const send = (metric: Metric) => {
    track({ type: 'web-vital', name: metric.name, value: metric.value, rating: metric.rating, id: metric.id, navigationType: metric.navigationType });
    queue.push({ name: metric.name, value: metric.value });
    // web-vitals reports LCP, CLS and INP as the page is hidden: send those as they come.
    if (document.visibilityState === 'hidden') queueMicrotask(sendQueued);
  };
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && sendQueued());
  addEventListener('pagehide', sendQueued);
  onCLS(send);
  onFCP(send);
  onINP(send);
  onLCP(send);
  onTTFB(send);
}
