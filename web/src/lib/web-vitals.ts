import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { track } from './analytics';

/** Core Web Vitals go to the analytics hook when one is present (INP replaced the retired FID). */
export function reportWebVitals(): void {
  const send = (metric: Metric) =>
    track({ type: 'web-vital', name: metric.name, value: metric.value, rating: metric.rating, id: metric.id, navigationType: metric.navigationType });
  onCLS(send);
  onFCP(send);
  onINP(send);
  onLCP(send);
  onTTFB(send);
}
