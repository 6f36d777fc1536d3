import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteTooltip, TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './site-tooltip';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderTwo() {
  render(
    <>
      <SiteTooltip title="First tip">
        <button type="button">First</button>
      </SiteTooltip>
      <SiteTooltip title="Second tip">
        <button type="button">Second</button>
      </SiteTooltip>
    </>,
  );
}
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('SiteTooltip', () => {
  it('opens after 700 ms of hovering, not before', () => {
    renderTwo();
    fireEvent.mouseOver(screen.getByText('First'));
    advance(TOOLTIP_OPEN_DELAY_MS - 50);
    expect(screen.queryByRole('tooltip')).toBeNull();
    advance(60);
    expect(screen.getByRole('tooltip').textContent).toBe('First tip');
  });

  it('opens the next one at once within 300 ms of closing one, and waits again after that', () => {
    renderTwo();
    const first = screen.getByText('First');
    const second = screen.getByText('Second');
    fireEvent.mouseOver(first);
    advance(TOOLTIP_OPEN_DELAY_MS + 10);
    fireEvent.mouseLeave(first);
    advance(TOOLTIP_SKIP_DELAY_MS - 100);
    fireEvent.mouseOver(second);
    advance(1);
    expect(screen.getAllByRole('tooltip').map((t) => t.textContent)).toContain('Second tip');

    fireEvent.mouseLeave(second);
    advance(TOOLTIP_SKIP_DELAY_MS + 500);
    fireEvent.mouseOver(first);
    advance(100);
    expect(screen.queryAllByRole('tooltip').filter((t) => t.textContent === 'First tip')).toHaveLength(0);
  });
});
