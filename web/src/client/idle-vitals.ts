/** Runs `run` when the browser is idle (at most 3 s later), or after half a second where it cannot say. */
const whenIdle = (run: () => void) => ('requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 500));

/**
 * Reports the page's web vitals once it is idle. Their chunk is fetched then: offline, or after a
 * deploy replaced it, the fetch fails and this page's vitals go unreported, with no page error.
 */
export function reportVitalsWhenIdle(load: () => Promise<{ reportWebVitals(): void }>, idle: (run: () => void) => unknown = whenIdle): Promise<void> {
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
