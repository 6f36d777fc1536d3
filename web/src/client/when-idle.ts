/** Runs `run` when the browser is idle, at most `timeoutMs` later; where it cannot say, after `fallbackMs`. */
export function whenIdle(run: () => void, timeoutMs: number, fallbackMs: number): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: timeoutMs });
  else setTimeout(run, fallbackMs);
}
