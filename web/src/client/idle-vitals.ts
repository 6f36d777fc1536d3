import { whenIdle } from './when-idle';

/** Vitals wait longer than islands: nothing a reader sees depends on them. */
const vitalsIdle = (run: () => void) => whenIdle(run, 3000, 500);

/**
 * Reports the page's web vitals once it is idle. Their chunk is fetched then: offline, or after a
 * deploy replaced it, the fetch fails and this page's vitals go unreported, with no page error.
 */
export function reportVitalsWhenIdle(load: () => Promise<{ reportWebVitals(): void }>, idle: (run: () => void) => unknown = vitalsIdle): Promise<void> {
  return new Promise((resolve) => {
    idle(() => {
      load().then(
        (vitals) => {
          vitals.reportWebVitals();
          resolve();
        },
        () => resolve(),
      );
    });
  });
}
