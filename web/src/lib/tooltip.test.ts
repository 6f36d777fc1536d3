import { fireEvent, screen } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachTooltip, resetTooltipClock, TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip';

let detach: (() => void)[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  resetTooltipClock();
  document.body.innerHTML = '<button type="button">First</button><button type="button">Second</button>';
  const [first, second] = [...document.querySelectorAll('button')];
  detach = [attachTooltip(first, 'First tip'), attachTooltip(second, 'Second tip')];
});
afterEach(() => {
  for (const d of detach) d();
  vi.useRealTimers();
});

const advance = (ms: number) => vi.advanceTimersByTime(ms);

describe('attachTooltip', () => {
  it('opens after 700 ms of hovering, not before', () => {
    fireEvent.mouseOver(screen.getByText('First'));
    advance(TOOLTIP_OPEN_DELAY_MS - 50);
    expect(screen.queryByRole('tooltip')).toBeNull();
    advance(60);
    expect(screen.getByRole('tooltip').textContent).toBe('First tip');
  });

  it('opens the next one at once within 300 ms of closing one, and waits again after that', () => {
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

  it('describes its target while open and closes on Escape', () => {
    const first = screen.getByText('First');
    fireEvent.focus(first);
    advance(TOOLTIP_OPEN_DELAY_MS);
    const tip = screen.getByRole('tooltip');
    expect(first.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.keyDown(first, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(first.hasAttribute('aria-describedby')).toBe(false);
  });
});
