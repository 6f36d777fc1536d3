import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_LABEL, TOKEN_REFUSED } from '../../components/newsroom-sign-in';
import { SiteConfigProvider } from '../../config/site-config';
import { keepNewsroomToken, readNewsroomToken } from '../../lib/newsroom-session';
import { testSiteConfig } from '../../test/render-page';
import { theme } from '../../theme/theme';
import { FORBIDDEN_MESSAGE, StandardsEditor } from './standards-editor';
import { STANDARDS_PAGES } from './standards-pages';

const answer = (body: unknown, status = 200) => new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const SLUGS = ['editorial-standards', 'corrections-policy', 'ownership', 'ai-policy'];
const nothingStored = () => SLUGS.map((slug) => ({ slug, markdown: null, updatedAt: null, updatedBy: null }));
const ownershipCode = STANDARDS_PAGES.find((p) => p.path === '/ownership')!.markdown;

function renderEditor() {
  render(
    <ThemeProvider theme={theme}>
      <SiteConfigProvider value={testSiteConfig}>
        <StandardsEditor />
      </SiteConfigProvider>
    </ThemeProvider>,
  );
}

const markdownBox = () => screen.getByRole('textbox', { name: 'Markdown' }) as HTMLTextAreaElement;

describe('the standards pages editor', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    sessionStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signs in with the token, lists the pages and shows the text kept with the code for a page never edited', async () => {
    fetchMock.mockResolvedValue(answer(nothingStored()));
    renderEditor();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(TOKEN_LABEL, { exact: false }), { target: { value: 'owner-token-0123456789abcdef' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const page = await screen.findByRole('combobox', { name: 'Page' });
    expect(readNewsroomToken()).toBe('owner-token-0123456789abcdef');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/admin/standards-pages');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer owner-token-0123456789abcdef');
    expect(within(page).getAllByRole('option').map((o) => o.textContent)).toEqual(STANDARDS_PAGES.map((p) => p.title));
    fireEvent.change(page, { target: { value: 'ownership' } });
    expect(markdownBox().value).toBe(ownershipCode);
    expect(screen.getByText(/Never edited/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Restore the original text' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("saves the page's new text with PUT and says the page shows it", async () => {
    keepNewsroomToken('owner-token-0123456789abcdef');
    const saved = { slug: 'ownership', markdown: 'Sold to Example Media.', updatedAt: '2026-11-28T01:00:00.000Z', updatedBy: 'owner' };
    fetchMock
      .mockResolvedValueOnce(answer(nothingStored()))
      .mockResolvedValueOnce(answer(saved))
      .mockResolvedValueOnce(answer(nothingStored().map((p) => (p.slug === 'ownership' ? saved : p))));
    renderEditor();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Page' }), { target: { value: 'ownership' } });
    fireEvent.change(markdownBox(), { target: { value: 'Sold to Example Media.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(within(screen.getByRole('region', { name: 'Preview' })).getByText('Sold to Example Media.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toContain('Saved. Ownership and Funding shows the new text now.');
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe('/api/admin/standards-pages/ownership');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ markdown: 'Sold to Example Media.' });
    await waitFor(() => expect(screen.getByText(/Saved .* by owner\./)).toBeTruthy());
    expect(markdownBox().value).toBe('Sold to Example Media.');
    expect((screen.getByRole('button', { name: 'Restore the original text' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows the server's reason when a save is refused, and keeps the text", async () => {
    keepNewsroomToken('owner-token-0123456789abcdef');
    fetchMock
      .mockResolvedValueOnce(answer(nothingStored()))
      .mockResolvedValueOnce(answer({ message: 'Invalid standards page: markdown', errors: [{ field: 'markdown', message: 'Markdown contains control characters' }] }, 400));
    renderEditor();
    await screen.findByRole('combobox', { name: 'Page' });
    fireEvent.change(markdownBox(), { target: { value: 'Some text' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Markdown contains control characters');
    expect(markdownBox().value).toBe('Some text');
  });

  it('will not send an empty text or one over the limit', async () => {
    keepNewsroomToken('owner-token-0123456789abcdef');
    fetchMock.mockResolvedValueOnce(answer(nothingStored()));
    renderEditor();
    await screen.findByRole('combobox', { name: 'Page' });
    fireEvent.change(markdownBox(), { target: { value: '   ' } });
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(markdownBox(), { target: { value: 'x'.repeat(50_001) } });
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/50,001 of 50,000 characters/)).toBeTruthy();
  });

  it('asks for the owner’s token again when the token may not edit the pages', async () => {
    keepNewsroomToken('editor-token');
    fetchMock.mockResolvedValueOnce(answer({ message: 'Forbidden' }, 403));
    renderEditor();
    expect(await screen.findByText(FORBIDDEN_MESSAGE)).toBeTruthy();
    expect(readNewsroomToken()).toBeNull();
  });

  it('asks to sign in again when the token is refused', async () => {
    keepNewsroomToken('stale-token');
    fetchMock.mockResolvedValueOnce(answer({ message: 'Unauthorized' }, 401));
    renderEditor();
    expect(await screen.findByText(TOKEN_REFUSED)).toBeTruthy();
  });
});
