import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { arrowVisibility, CategoryBar, CATEGORY_SCROLL_STEP_PX } from './category-bar';
import { hydrate } from './category-bar.island';
import { categories } from './home.fixtures.test-utils';

describe('arrowVisibility', () => {
  it('shows no arrows when everything fits', () => {
    expect(arrowVisibility({ scrollLeft: 0, scrollWidth: 400, clientWidth: 400 })).toEqual({ left: false, right: false });
  });
  it('shows only the right arrow at the start of overflowing content', () => {
    expect(arrowVisibility({ scrollLeft: 0, scrollWidth: 1000, clientWidth: 400 })).toEqual({ left: false, right: true });
  });
  it('shows both arrows in the middle', () => {
    expect(arrowVisibility({ scrollLeft: 300, scrollWidth: 1000, clientWidth: 400 })).toEqual({ left: true, right: true });
  });
  it('shows only the left arrow at the end, tolerating sub-pixel positions', () => {
    expect(arrowVisibility({ scrollLeft: 600, scrollWidth: 1000, clientWidth: 400 })).toEqual({ left: true, right: false });
    expect(arrowVisibility({ scrollLeft: 599.5, scrollWidth: 1000, clientWidth: 400 })).toEqual({ left: true, right: false });
    expect(arrowVisibility({ scrollLeft: 0.5, scrollWidth: 1000, clientWidth: 400 })).toEqual({ left: false, right: true });
  });
});

function setMetrics(el: HTMLElement, metrics: { scrollLeft: number; scrollWidth: number; clientWidth: number }) {
  for (const [key, value] of Object.entries(metrics)) {
    Object.defineProperty(el, key, { configurable: true, writable: true, value });
  }
}

function renderBar() {
  const view = render(
    <MemoryRouter>
      <CategoryBar categories={categories} />
    </MemoryRouter>,
  );
  const scroller = screen.getByTestId('category-scroller');
  const scrollBy = vi.fn();
  scroller.scrollBy = scrollBy as unknown as HTMLElement['scrollBy'];
  // The server markup comes to life through its island, as in the browser.
  hydrate(view.container.querySelector<HTMLElement>('[data-island="category-bar"]')!);
  return { ...view, scroller, scrollBy };
}

describe('CategoryBar', () => {
  it('links every category to its page', () => {
    renderBar();
    const nav = screen.getByRole('navigation', { name: 'Browse categories' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Artificial Intelligence', '/categories/artificial-intelligence'],
      ['Quantum Computing', '/categories/quantum-computing'],
      ['Cybersecurity', '/categories/cybersecurity'],
    ]);
  });

  it('shows arrows only for the sides with hidden content, updating on scroll', () => {
    const { scroller } = renderBar();
    // jsdom lays nothing out: everything "fits", so no arrows.
    expect(screen.queryByRole('button', { name: 'Scroll categories left' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Scroll categories right' })).toBeNull();

    setMetrics(scroller, { scrollLeft: 0, scrollWidth: 1000, clientWidth: 400 });
    fireEvent.scroll(scroller);
    expect(screen.queryByRole('button', { name: 'Scroll categories left' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Scroll categories right' })).toBeTruthy();

    setMetrics(scroller, { scrollLeft: 300, scrollWidth: 1000, clientWidth: 400 });
    fireEvent.scroll(scroller);
    expect(screen.getByRole('button', { name: 'Scroll categories left' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Scroll categories right' })).toBeTruthy();

    setMetrics(scroller, { scrollLeft: 600, scrollWidth: 1000, clientWidth: 400 });
    fireEvent.scroll(scroller);
    expect(screen.getByRole('button', { name: 'Scroll categories left' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Scroll categories right' })).toBeNull();
  });

  it('scrolls by exactly 300 px per click in either direction', async () => {
    const user = userEvent.setup();
    const { scroller, scrollBy } = renderBar();
    setMetrics(scroller, { scrollLeft: 300, scrollWidth: 1000, clientWidth: 400 });
    fireEvent.scroll(scroller);

    expect(CATEGORY_SCROLL_STEP_PX).toBe(300);
    await user.click(screen.getByRole('button', { name: 'Scroll categories right' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 300, behavior: 'smooth' });
    await user.click(screen.getByRole('button', { name: 'Scroll categories left' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -300, behavior: 'smooth' });
    expect(scrollBy).toHaveBeenCalledTimes(2);
  });

  it('recomputes the arrows when the bar is resized', () => {
    const callbacks: ResizeObserverCallback[] = [];
    const original = window.ResizeObserver;
    window.ResizeObserver = class {
      constructor(cb: ResizeObserverCallback) {
        callbacks.push(cb);
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    try {
      const { scroller } = renderBar();
      expect(callbacks).toHaveLength(1);
      expect(screen.queryByRole('button', { name: 'Scroll categories right' })).toBeNull();
      setMetrics(scroller, { scrollLeft: 0, scrollWidth: 1000, clientWidth: 400 });
      act(() => callbacks[0]([], {} as ResizeObserver));
      expect(screen.getByRole('button', { name: 'Scroll categories right' })).toBeTruthy();
    } finally {
      window.ResizeObserver = original;
    }
  });

  it('falls back to window resize events without ResizeObserver', () => {
    const original = window.ResizeObserver;
    // @ts-expect-error simulating an older browser
    delete window.ResizeObserver;
    try {
      const { scroller } = renderBar();
      setMetrics(scroller, { scrollLeft: 0, scrollWidth: 1000, clientWidth: 400 });
      act(() => {
        window.dispatchEvent(new Event('resize'));
      });
      expect(screen.getByRole('button', { name: 'Scroll categories right' })).toBeTruthy();
    } finally {
      window.ResizeObserver = original;
    }
  });

  it('keeps keyboard focus on an arrow when the focused one disappears at the edge', () => {
    const { scroller } = renderBar();
    setMetrics(scroller, { scrollLeft: 300, scrollWidth: 1000, clientWidth: 400 });
    fireEvent.scroll(scroller);
    screen.getByRole('button', { name: 'Scroll categories right' }).focus();
    setMetrics(scroller, { scrollLeft: 600, scrollWidth: 1000, clientWidth: 400 });
    fireEvent.scroll(scroller);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Scroll categories left' }));
  });
});
