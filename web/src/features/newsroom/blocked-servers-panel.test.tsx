import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEmotionCache } from '../../theme/emotion-cache';
import { theme } from '../../theme/theme';
import { type BlockedServer, BlockedServersPanel } from './blocked-servers-panel';

const PATH = '/api/admin/fediverse/blocked-servers';

/** The owner's list in memory, as the API answers it; records what was sent. */
function fakeServer(servers: BlockedServer[], { status = 200 } = {}) {
  const sent: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as { domain: string }) : undefined;
      sent.push({ method, url, body });
      if (status !== 200) return new Response(JSON.stringify({ message: 'Forbidden' }), { status });
      if (method === 'GET') return Response.json(servers);
      if (method === 'POST') {
        if (!body?.domain.includes('.')) return Response.json({ message: 'Invalid', errors: [{ field: 'domain', message: 'Domain must be a host name, e.g. spam.example' }] }, { status: 400 });
        servers.push({ domain: body.domain, fromConfiguration: false, blockedBy: 'owner' });
        return Response.json(servers.at(-1), { status: 201 });
      }
      const domain = decodeURIComponent(url.slice(PATH.length + 1));
      servers.splice(servers.findIndex((s) => s.domain === domain), 1);
      return new Response(null, { status: 204 });
    }),
  );
  return sent;
}

const renderPanel = () =>
  render(
    <CacheProvider value={createEmotionCache()}>
      <ThemeProvider theme={theme}>
        <BlockedServersPanel />
      </ThemeProvider>
    </CacheProvider>,
  );

beforeEach(() => sessionStorage.setItem('technews.newsroom-token', 'owner-token-for-tests'));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('BlockedServersPanel', () => {
  it("lists the blocked servers, blocks one (the API's refusal shown on the field), and unblocks one; the configuration's stay", async () => {
    const sent = fakeServer([{ domain: 'configured.example', fromConfiguration: true }]);
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Blocked servers' });
    expect(within(list).getByText('Set in the configuration')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Unblock configured.example' })).toBeNull();

    await userEvent.type(screen.getByRole('textbox', { name: 'Server to block' }), 'nonsense');
    await userEvent.click(screen.getByRole('button', { name: 'Block Server' }));
    expect(await screen.findByText('Domain must be a host name, e.g. spam.example')).toBeTruthy();

    await userEvent.clear(screen.getByRole('textbox', { name: 'Server to block' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Server to block' }), 'spam.example');
    await userEvent.click(screen.getByRole('button', { name: 'Block Server' }));
    expect(await screen.findByText('Blocked: spam.example and its subdomains. Their activities are refused from now on.')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST').at(-1)).toMatchObject({ url: PATH, body: { domain: 'spam.example' } });

    await userEvent.click(await screen.findByRole('button', { name: 'Unblock spam.example' }));
    expect(await screen.findByText('Unblocked: spam.example.')).toBeTruthy();
    expect(sent.find((s) => s.method === 'DELETE')?.url).toBe(`${PATH}/spam.example`);
    expect(screen.queryByRole('button', { name: 'Unblock spam.example' })).toBeNull();
  });

  it("tells an editor without the owner's role that the list is the owner's", async () => {
    fakeServer([], { status: 403 });
    renderPanel();
    expect(await screen.findByText('Only the owner blocks fediverse servers.')).toBeTruthy();
  });
});
