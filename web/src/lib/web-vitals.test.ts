import { afterEach, describe, expect, it, vi } from 'vitest';

type Report = (metric: { name: string; value: number; rating: string; id: string; navigationType: string }) => void;
const reporters = vi.hoisted(() => new Map<string, Report>());
vi.mock('web-vitals', () => {
  const on = (name: string) => (report: Report) => reporters.set(name, report);
  return { onCLS: on('CLS'), onFCP: on('FCP'), onINP: on('INP'), onLCP: on('LCP'), onTTFB: on('TTFB') };
});

const metric = (name: string, value: number) => ({ name, value, rating: 'good', id: `v5-${name}`, navigationType: 'navigate' });

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('reportWebVitals', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends the page's metrics to /api/vitals in one beacon when the page is hidden, the time zone once", async () => {
    const sendBeacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
    const { reportWebVitals } = await import('./web-vitals');
    reportWebVitals();
    reporters.get('TTFB')?.(metric('TTFB', 120));
    reporters.get('FCP')?.(metric('FCP', 800));
    expect(sendBeacon).not.toHaveBeenCalled();

    setVisibility('hidden');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('/api/vitals');
    expect(JSON.parse(body)).toEqual({
      path: location.pathname,
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      metrics: [
        { name: 'TTFB', value: 120 },
        { name: 'FCP', value: 800 },
      ],
    });

    // Reported as the page hides (LCP, CLS): sent straight away, without the zone again.
    reporters.get('CLS')?.(metric('CLS', 0.04));
    await Promise.resolve();
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    expect(JSON.parse((sendBeacon.mock.calls[1] as unknown as [string, string])[1])).toEqual({ path: location.pathname, metrics: [{ name: 'CLS', value: 0.04 }] });
    setVisibility('visible');
  });
});
