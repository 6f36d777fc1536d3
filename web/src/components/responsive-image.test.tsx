import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchImageFailures } from '../client/image-fallback';
import { ResponsiveImage } from './responsive-image';

// The client script looks after every cover on the page, as in the browser.
function renderImage(element: Parameters<typeof render>[0]) {
  const view = render(element);
  watchImageFailures(document);
  return view;
}

afterEach(() => {
  vi.restoreAllMocks();
});

const img = () => screen.getByRole('img', { name: 'Cover' }) as HTMLImageElement;

describe('ResponsiveImage', () => {
  it('offers the four widths with fixed dimensions and lazy loading below the fold', () => {
    renderImage(<ResponsiveImage src="/media/covers/ai--x" alt="Cover" sizes="100vw" />);
    expect(img().getAttribute('srcset')).toBe('/media/covers/ai--x?w=320 320w, /media/covers/ai--x?w=480 480w, /media/covers/ai--x?w=768 768w, /media/covers/ai--x?w=1024 1024w');
    expect([img().getAttribute('width'), img().getAttribute('height')]).toEqual(['1024', '576']);
    expect(img().getAttribute('loading')).toBe('lazy');
  });

  it('loads eagerly with high priority above the fold', () => {
    renderImage(<ResponsiveImage src="/media/covers/ai--x" alt="Cover" sizes="100vw" priority />);
    expect(img().getAttribute('loading')).toBe('eager');
    expect(img().getAttribute('fetchpriority')).toBe('high');
  });

  it('uses a pool image when there is no image', () => {
    renderImage(<ResponsiveImage src={null} alt="Cover" sizes="100vw" fallbackSeed={3} />);
    expect(img().getAttribute('src')).toBe('/media/covers/fallback-4?w=768');
  });

  it('falls back to a random pool image when the image fails to load', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    renderImage(<ResponsiveImage src="/media/covers/ai--x" alt="Cover" sizes="100vw" />);
    fireEvent.error(img());
    expect(img().getAttribute('src')).toBe('/media/covers/fallback-5?w=768');
    expect(img().getAttribute('srcset')).toContain('/media/covers/fallback-5?w=320 320w');
  });

  it('falls back when the server-rendered image had already failed before hydration', () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(0);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    renderImage(<ResponsiveImage src="/media/covers/ai--x" alt="Cover" sizes="100vw" />);
    expect(img().getAttribute('src')).toBe('/media/covers/fallback-1?w=768');
  });

  it('keeps an image that loaded', () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(768);
    renderImage(<ResponsiveImage src="/media/covers/ai--x" alt="Cover" sizes="100vw" />);
    expect(img().getAttribute('src')).toBe('/media/covers/ai--x?w=768');
  });
});

describe('the last fallback', () => {
  it('replaces a failing pool image with an inline placeholder that needs no network', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    renderImage(<ResponsiveImage src="/media/covers/ai--y" alt="Cover" sizes="100vw" />);
    fireEvent.error(img());
    expect(img().getAttribute('src')).toBe('/media/covers/fallback-1?w=768');
    fireEvent.error(img());
    expect(img().getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(img().hasAttribute('srcset')).toBe(false);
    // A placeholder never fails, and nothing loops.
    fireEvent.error(img());
    expect(img().getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  });
});
