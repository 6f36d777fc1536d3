import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AD_SLOT_INTERVAL, AdSlot, hasAdSlotAfter } from './ad-slot';

describe('ad slot', () => {
  it('is reserved after every 4th card (after cards 4, 8, 12)', () => {
    expect(AD_SLOT_INTERVAL).toBe(4);
    const after = Array.from({ length: 12 }, (_, i) => i).filter(hasAdSlotAfter).map((i) => i + 1);
    expect(after).toEqual([4, 8, 12]);
  });

  it('renders nothing for now', () => {
    const { container } = render(<AdSlot slot={1} />);
    expect(container.innerHTML).toBe('');
  });
});
