import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleWarmUp, WARM_UP_DELAY_MS } from './warm-up';

describe('scheduleWarmUp', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sends HEAD requests with credentials to both endpoints about 100 ms later', () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null)));
    scheduleWarmUp(fetchMock);
    expect(WARM_UP_DELAY_MS).toBe(100);
    vi.advanceTimersByTime(99);
    expect(fetchMock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledWith('/api/articles', { method: 'HEAD', credentials: 'include' });
    expect(fetchMock).toHaveBeenCalledWith('/api/breaking-news', { method: 'HEAD', credentials: 'include' });
  });

  it('uses the global fetch by default', () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null)));
    vi.stubGlobal('fetch', fetchMock);
    try {
      scheduleWarmUp();
      vi.advanceTimersByTime(100);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('ignores failures: rejected and throwing requests cause no error and no console output', async () => {
    const errorSpy = vi.spyOn(console, 'error');
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const rejecting = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
      scheduleWarmUp(rejecting);
      expect(() => vi.advanceTimersByTime(100)).not.toThrow();
      expect(rejecting).toHaveBeenCalledTimes(2);

      const throwing = vi.fn(() => {
        throw new Error('blocked');
      });
      scheduleWarmUp(throwing);
      expect(() => vi.advanceTimersByTime(100)).not.toThrow();
      expect(throwing).toHaveBeenCalledTimes(2);

      await vi.runAllTimersAsync();
      await Promise.resolve();
      expect(unhandled).not.toHaveBeenCalled();
      expect(errorSpy).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('cancels the warm-up when the page unmounts first', () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null)));
    const cancel = scheduleWarmUp(fetchMock);
    cancel();
    vi.advanceTimersByTime(500);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
