import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmotionCache } from '../../theme/emotion-cache';
import { theme } from '../../theme/theme';
import { APPROVED_NOTICE, FediverseRepliesPanel, type HeldReply, REJECTED_NOTICE, WITHDRAWN_NOTICE } from './fediverse-replies-panel';

const TOKEN = 'atn_editor-token-for-tests';

const held = (n: number, overrides: Partial<HeldReply> = {}): HeldReply => ({
  id: `https://aus.social/users/ann/statuses/${n}`,
  authorName: `Ann ${n}`,
  authorUrl: 'https://aus.social/@ann',
  server: 'aus.social',
  text: `Reply number ${n}`,
  published: '2026-11-28T01:00:00Z',
  approved: false,
  ...overrides,
});

/** The admin REST endpoints for story 41, in memory; records what was sent. */
function fakeServer(replies: HeldReply[], { approveStatus = 200 } = {}) {
  const sent: { method: string; url: string; authorization: string | null; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as { id: string }) : undefined;
      sent.push({ method, url, authorization: new Headers(init?.headers).get('Authorization'), body });
      if (method === 'POST' && url === '/api/admin/fediverse/replies/41/approve') {
        if (approveStatus !== 200) return new Response(JSON.stringify({ message: 'Article 41 has no reply x' }), { status: approveStatus });
        const reply = replies.find((r) => r.id === body?.id)!;
        reply.approved = true;
        return Response.json(reply);
      }
      if (method === 'POST' && url === '/api/admin/fediverse/replies/41/remove') {
        const at = replies.findIndex((r) => r.id === body?.id);
        const [reply] = replies.splice(at, 1);
        return Response.json(reply);
      }
      if (url === '/api/admin/fediverse/replies/41') return Response.json(replies);
      return new Response('{}', { status: 404 });
    }),
  );
  return sent;
}

const renderPanel = () =>
  render(
    // A cache of its own per render: nothing of one test's styles is left to the next.
    <CacheProvider value={createEmotionCache()}>
      <ThemeProvider theme={theme}>
        <FediverseRepliesPanel articleId="41" />
      </ThemeProvider>
    </CacheProvider>,
  );

beforeEach(() => sessionStorage.setItem('technews.newsroom-token', TOKEN));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('FediverseRepliesPanel', () => {
  it('lists replies awaiting approval with the token, and approves one: it moves to those readers see', async () => {
    const sent = fakeServer([held(1), held(2), held(3, { approved: true })]);
    renderPanel();
    const waiting = await screen.findByRole('list', { name: 'Replies awaiting approval' });
    expect(within(waiting).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('Awaiting approval (2)')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Replies shown to readers' })).getByText('Reply number 3')).toBeTruthy();
    expect(sent[0]).toMatchObject({ method: 'GET', url: '/api/admin/fediverse/replies/41', authorization: `Bearer ${TOKEN}` });

    await userEvent.click(screen.getByRole('button', { name: 'Approve the reply from Ann 2' }));
    expect(await screen.findByText(APPROVED_NOTICE)).toBeTruthy();
    expect(sent.find((s) => s.method === 'POST')).toMatchObject({ url: '/api/admin/fediverse/replies/41/approve', authorization: `Bearer ${TOKEN}`, body: { id: held(2).id } });
    expect(await screen.findByText('Awaiting approval (1)')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Replies shown to readers' })).getByText('Reply number 2')).toBeTruthy();
  });

  it('rejects a held reply and removes an approved one, each after asking', async () => {
    const sent = fakeServer([held(1), held(2, { approved: true })]);
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject the reply from Ann 1' }));
    // Nothing is sent until the question is answered.
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
    expect(screen.getByText('Reject this reply? It is deleted and readers never see it.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, reject' }));
    expect(await screen.findByText(REJECTED_NOTICE)).toBeTruthy();
    expect(sent.find((s) => s.method === 'POST')).toMatchObject({ url: '/api/admin/fediverse/replies/41/remove', authorization: `Bearer ${TOKEN}`, body: { id: held(1).id } });
    expect(screen.queryByRole('list', { name: 'Replies awaiting approval' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Remove the reply from Ann 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText(WITHDRAWN_NOTICE)).toBeTruthy();
    expect(await screen.findByText('No replies from the fediverse yet.')).toBeTruthy();
  });

  it('says when there are none, and links only to http(s) pages', async () => {
    fakeServer([]);
    renderPanel();
    expect(await screen.findByText('No replies from the fediverse yet.')).toBeTruthy();
    vi.unstubAllGlobals();

    fakeServer([held(1, { url: 'javascript:alert(1)', id: 'urn:uuid:1' }), held(2, { url: 'https://aus.social/@ann/2' })]);
    renderPanel();
    const links = await screen.findAllByRole('link', { name: 'View on aus.social' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://aus.social/@ann/2']);
  });

  it('shows the refusal when an approval fails', async () => {
    fakeServer([held(1)], { approveStatus: 404 });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve the reply from Ann 1' }));
    expect(await screen.findByText('Article 41 has no reply x')).toBeTruthy();
    expect(screen.getByText('Awaiting approval (1)')).toBeTruthy();
  });
});
