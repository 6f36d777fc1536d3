import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { HomePage } from './home-page';
import { article, homeMock } from './home.fixtures.test-utils';

// The real slot renders nothing; a marker shows where the page places it.
vi.mock('./ad-slot', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./ad-slot')>();
  return { ...actual, AdSlot: ({ slot }: { slot: number }) => <div data-testid="ad-slot" data-slot={slot} /> };
});

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(null))));
});

describe('HomePage ad slot placement', () => {
  it('places an ad slot after the 4th card', async () => {
    renderPage(<HomePage />, { mocks: [homeMock(Array.from({ length: 10 }, (_, i) => article(i + 1)))] });
    await screen.findByRole('heading', { name: 'Latest Tech News' });
    const slots = screen.getAllByTestId('ad-slot');
    expect(slots.map((s) => s.dataset.slot)).toEqual(['1']);

    // Document order: cards 1-4, the slot, then cards 5-6.
    const sequence = Array.from(screen.getByTestId('latest-grid').querySelectorAll('[data-testid="article-card"], [data-testid="ad-slot"]')).map((el) =>
      el.getAttribute('data-testid') === 'ad-slot' ? 'ad' : 'card',
    );
    expect(sequence).toEqual(['card', 'card', 'card', 'card', 'ad', 'card', 'card']);
  });

  it('places no slot when fewer than 4 cards follow the featured article', async () => {
    renderPage(<HomePage />, { mocks: [homeMock(Array.from({ length: 4 }, (_, i) => article(i + 1)))] });
    await screen.findByRole('heading', { name: 'Latest Tech News' });
    expect(screen.queryAllByTestId('ad-slot')).toHaveLength(0);
  });
});
