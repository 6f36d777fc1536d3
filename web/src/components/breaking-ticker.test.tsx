import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BreakingTickerDocument } from '../graphql/graphql';
import { renderPage } from '../test/render-page';
import { BreakingTicker, tickerDurationSeconds } from './breaking-ticker';

const items = [
  { __typename: 'BreakingNewsItem', id: '1', title: 'RBA flags AI productivity boost', article: null },
  { __typename: 'BreakingNewsItem', id: '2', title: 'Telstra switches off 3G', article: null },
  { __typename: 'BreakingNewsItem', id: '3', title: 'Quantum start-up raises $50m', article: null },
];

describe('BreakingTicker', () => {
  it("shows 'BREAKING' then the titles joined with a bullet, read once by screen readers", async () => {
    renderPage(<BreakingTicker />, { mocks: [{ request: { query: BreakingTickerDocument }, result: { data: { breakingNews: items } } }] });

    const region = await screen.findByRole('region', { name: 'Breaking news' });
    const expected = 'RBA flags AI productivity boost • Telstra switches off 3G • Quantum start-up raises $50m';
    expect(region.textContent!.startsWith('BREAKING')).toBe(true);

    // Two copies for the seamless loop; only one is exposed to assistive technology.
    const copies = screen.getAllByText(expected);
    expect(copies).toHaveLength(2);
    expect(copies.filter((c) => c.closest('[aria-hidden="true"]') === null)).toHaveLength(1);
    expect(copies.filter((c) => c.getAttribute('aria-hidden') === 'true')).toHaveLength(1);

    // The marquee is focusable so keyboard users can pause it.
    const marquee = screen.getByRole('marquee', { name: 'Breaking headlines' });
    expect(marquee.tabIndex).toBe(0);
    expect(marquee.contains(copies[0])).toBe(true);
  });

  it('links a headline to its article, once for keyboards and screen readers', async () => {
    const linked = [items[0], { ...items[1], article: { __typename: 'Article', id: '42' } }, items[2]];
    renderPage(<BreakingTicker />, { mocks: [{ request: { query: BreakingTickerDocument }, result: { data: { breakingNews: linked } } }] });

    const marquee = await screen.findByRole('marquee', { name: 'Breaking headlines' });
    const links = screen.getAllByRole('link', { name: 'Telstra switches off 3G', hidden: true });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link.getAttribute('href')).toBe('/articles/42');
    // The visible copy's link is reachable; the loop copy's is hidden and out of the tab order.
    const [visible, copy] = links;
    expect(visible.closest('[aria-hidden="true"]')).toBeNull();
    expect(visible.getAttribute('tabindex')).toBeNull();
    expect(copy.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(copy.getAttribute('tabindex')).toBe('-1');
    expect(screen.getAllByRole('link', { name: 'Telstra switches off 3G' })).toEqual([visible]);
    // Headlines without an article stay text, joined as before.
    expect(marquee.textContent).toContain('RBA flags AI productivity boost • Telstra switches off 3G • Quantum start-up raises $50m');
    expect(screen.queryByRole('link', { name: 'RBA flags AI productivity boost', hidden: true })).toBeNull();
  });

  it('renders nothing when there are no breaking items', async () => {
    const result = vi.fn(() => ({ data: { breakingNews: [] } }));
    const { container } = renderPage(<BreakingTicker />, { mocks: [{ request: { query: BreakingTickerDocument }, result }] });
    await waitFor(() => expect(result).toHaveBeenCalled());
    // The answer is delivered as the mock is read: one turn lets React render it, however busy the machine.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.innerHTML).toBe('');
    expect(screen.queryByText('BREAKING')).toBeNull();
  });

  it('scales the loop duration with the text so the speed stays steady', () => {
    expect(tickerDurationSeconds('short')).toBe(20);
    expect(tickerDurationSeconds('x'.repeat(400))).toBe(50);
  });
});
