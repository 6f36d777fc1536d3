import { describe, expect, it, vi } from 'vitest';
import { reportVitalsWhenIdle } from './idle-vitals';

const now = (run: () => void) => run();

describe('reportVitalsWhenIdle', () => {
  it('reports once idle', async () => {
    const reportWebVitals = vi.fn();
    await reportVitalsWhenIdle(async () => ({ reportWebVitals }), now);
    expect(reportWebVitals).toHaveBeenCalledOnce();
  });

  it('settles without an error when the chunk cannot be fetched (offline)', async () => {
    const load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(reportVitalsWhenIdle(load, now)).resolves.toBeUndefined();
  });

  it('waits for the idle callback before fetching', () => {
    const load = vi.fn(async () => ({ reportWebVitals: () => undefined }));
    let pending: (() => void) | undefined;
    void reportVitalsWhenIdle(load, (run) => (pending = run));
    expect(load).not.toHaveBeenCalled();
    pending?.();
    expect(load).toHaveBeenCalledOnce();
  });
});
