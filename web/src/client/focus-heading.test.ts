import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { focusMainHeading, KEYBOARD_FOCUS_ATTRIBUTE, NAVIGATION_INPUT_KEY, rememberNavigationInput } from './focus-heading';

/** A page reached by following a link from another page of the same site. */
function arriveByLink() {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'navigate' } as PerformanceNavigationTiming]);
  Object.defineProperty(document, 'referrer', { value: `${location.origin}/previous`, configurable: true });
}

beforeEach(() => {
  document.body.innerHTML = '<main><h1>Get In Touch</h1><p>Intro</p></main>';
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const heading = () => document.querySelector('h1')!;

describe('focus after following a link within the site', () => {
  it('focuses the main heading without the keyboard ring when the reader clicked or tapped', () => {
    rememberNavigationInput(window);
    window.dispatchEvent(new Event('pointerdown'));
    arriveByLink();
    focusMainHeading(document);
    expect(document.activeElement).toBe(heading());
    expect(heading().hasAttribute(KEYBOARD_FOCUS_ATTRIBUTE)).toBe(false);
  });

  it('marks the heading for the ring when the reader came by keyboard', () => {
    rememberNavigationInput(window);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(sessionStorage.getItem(NAVIGATION_INPUT_KEY)).toBe('keyboard');
    arriveByLink();
    focusMainHeading(document);
    expect(document.activeElement).toBe(heading());
    expect(heading().hasAttribute(KEYBOARD_FOCUS_ATTRIBUTE)).toBe(true);
  });

  it('leaves focus to an element the page focuses itself (autofocus)', () => {
    document.body.innerHTML = '<main><h1>Get In Touch</h1><div tabindex="-1" autofocus>Message Sent!</div></main>';
    arriveByLink();
    focusMainHeading(document);
    expect(document.activeElement).not.toBe(heading());
  });
});
