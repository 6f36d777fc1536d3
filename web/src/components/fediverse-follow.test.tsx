import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteConfigProvider } from '../config/site-config';
import { authorAccountName, categoryAccountName, fediverseAccount, SITE_ACTOR } from '../lib/fediverse-account';
import { renderPage, testSiteConfig } from '../test/render-page';
import { FediverseFollow } from './fediverse-follow';
import { COPIED, COPY_REFUSED } from './fediverse-follow.island';

const HANDLE = '@news@technews.example.au';

function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: writeText ? { writeText } : undefined });
}

afterEach(() => {
  stubClipboard(undefined);
  window.getSelection()?.removeAllRanges();
});

describe('fediverseAccount', () => {
  it('names an account @username@host of SITE_URL, keeping a port and dropping any path', () => {
    expect(fediverseAccount('https://technews.example.au/base/', 'news')).toEqual({ username: 'news', domain: 'technews.example.au', handle: HANDLE });
    expect(fediverseAccount('http://127.0.0.1:4173', 'cybersecurity').handle).toBe('@cybersecurity@127.0.0.1:4173');
  });

  it('gives a slug to the site first, then a category, then an author, as the actors are found', () => {
    expect(categoryAccountName('cybersecurity')).toBe('cybersecurity');
    expect(categoryAccountName(SITE_ACTOR)).toBeNull();
    expect(authorAccountName('maren-talbot', ['cybersecurity'])).toBe('maren-talbot');
    expect(authorAccountName('cybersecurity', ['cybersecurity'])).toBeNull();
    expect(authorAccountName(SITE_ACTOR, [])).toBeNull();
  });
});

describe('FediverseFollow', () => {
  it('is the handle as text without script, with no Copy button until the island runs', () => {
    const html = renderToString(
      <SiteConfigProvider value={testSiteConfig}>
        <FediverseFollow username="news" description="Every story." />
      </SiteConfigProvider>,
    );
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.querySelector('h2')?.textContent).toBe('Follow on the fediverse');
    expect(page.querySelector('[data-fediverse-handle]')?.textContent).toBe(HANDLE);
    expect((page.querySelector('[data-fediverse-copy]') as HTMLElement).hidden).toBe(true);
    expect(page.querySelector('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
  });

  it('copies the handle and says Copied in its live region', async () => {
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    renderPage(<FediverseFollow username="news" description="Every story." />);
    const panel = screen.getByRole('region', { name: 'Follow on the fediverse' });
    const copy = within(panel).getByRole('button', { name: 'Copy' });
    expect(copy.closest('[data-fediverse-copy]')).toHaveProperty('hidden', false);
    // The button says what it copies.
    expect(document.getElementById(copy.getAttribute('aria-describedby')!)?.textContent).toBe(HANDLE);
    await userEvent.click(copy);
    expect(await within(panel).findByText(COPIED)).toHaveProperty('role', 'status');
    expect(writeText).toHaveBeenCalledWith(HANDLE);
  });

  it('selects the handle and says how to copy it when the clipboard is refused, or missing', async () => {
    stubClipboard(() => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')));
    renderPage(<FediverseFollow username="cybersecurity" description="Every Cybersecurity story." />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(COPY_REFUSED)).toBeTruthy();
    expect(window.getSelection()?.toString()).toBe('@cybersecurity@technews.example.au');

    window.getSelection()?.removeAllRanges();
    stubClipboard(undefined);
    const status = screen.getByRole('status');
    await act(async () => {
      status.textContent = '';
    });
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(COPY_REFUSED)).toBeTruthy();
    expect(window.getSelection()?.toString()).toBe('@cybersecurity@technews.example.au');
  });
});
