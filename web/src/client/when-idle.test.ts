import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks the browser for an idle callback with the timeout given', () => {
    const requestIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const run = vi.fn();
    whenIdle(run, 1500, 200);
    expect(requestIdleCallback).toHaveBeenCalledWith(run, { timeout: 1500 });
    expect(run).not.toHaveBeenCalled();
  });

  it('falls back to a timer where the browser cannot say when it is idle', () => {
    vi.useFakeTimers();
    expect('requestIdleCallback' in window).toBe(false);
    const run = vi.fn();
    whenIdle(run, 3000, 500);
    vi.advanceTimersByTime(499);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
  });
});
