import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FediverseReplies_ReplyFragment } from '../../graphql/graphql';
import { FediverseReplies, REPLY_LINK_REL } from './fediverse-replies';

const reply = (n: number, overrides: Partial<FediverseReplies_ReplyFragment> = {}): FediverseReplies_ReplyFragment => ({
  id: `https://aus.social/users/ann/statuses/${n}`,
  authorName: `Ann ${n}`,
  server: 'aus.social',
  text: `Reply number ${n}`,
  url: `https://aus.social/@ann/${n}`,
  published: '2026-11-27T23:30:00.000Z',
  ...overrides,
});

describe('FediverseReplies', () => {
  it('shows nothing at all when no reply is approved', () => {
    const { container } = render(<FediverseReplies replies={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows each reply\'s author, server, date, text and a link to it there', () => {
    render(<FediverseReplies replies={[reply(2), reply(1, { url: null })]} />);
    const section = screen.getByRole('region', { name: 'From the fediverse' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('Ann 2 on aus.social · 28 November 2026');
    expect(within(items[0]).getByText('Reply number 2')).toBeTruthy();
    const link = within(items[0]).getByRole('link', { name: 'View the reply on aus.social' });
    expect(link.getAttribute('href')).toBe('https://aus.social/@ann/2');
    expect(link.getAttribute('rel')).toBe(REPLY_LINK_REL);
    // A reply without an http(s) page has no link.
    expect(within(items[1]).queryByRole('link')).toBeNull();
  });

  it('writes a reply\'s text as text: markup in it is never HTML', () => {
    render(<FediverseReplies replies={[reply(1, { text: 'Nice <img src=x onerror=alert(1)> <b>story</b>\n\nSecond paragraph' })]} />);
    const text = screen.getByText(/Nice/);
    expect(text.querySelector('img, b')).toBeNull();
    expect(text.textContent).toBe('Nice <img src=x onerror=alert(1)> <b>story</b>\n\nSecond paragraph');
  });
});
