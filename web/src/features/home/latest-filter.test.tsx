import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { HomePage } from './home-page';
import { article, homeMock } from './home.fixtures.test-utils';

const tenArticles = Array.from({ length: 10 }, (_, i) => article(i + 1));
const cyber = { __typename: 'Category', id: 'c3', name: 'Cybersecurity', slug: 'cybersecurity' } as ReturnType<typeof article>['category'];
const cyberArticles = [article(21, { category: cyber }), article(22, { category: cyber })];

/** The page the server renders for an address: the same HomePage, as the browser would fetch it. */
async function serverPage(path: string): Promise<string> {
  const filter = path.includes('cybersecurity') ? { category: 'cybersecurity', articles: cyberArticles } : undefined;
  const view = renderPage(<HomePage />, { mocks: [homeMock(tenArticles, undefined, filter)], path });
  await screen.findByRole('heading', { name: 'Latest Tech News' });
  const html = `<!doctype html><html><head></head><body>${view.container.innerHTML}</body></html>`;
  view.unmount();
  return html;
}

const cardTitles = () =>
  within(screen.getByTestId('latest-grid'))
    .getAllByTestId('article-card')
    .map((card) => within(card).getByRole('heading').textContent);

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
/** The pages fetched for a choice (other islands fetch too: warm-ups, reading lists). */
const pageFetches = () =>
  fetchMock.mock.calls.filter(([, init]) => (init?.headers as Record<string, string> | undefined)?.accept === 'text/html').map(([input]) => {
    const url = new URL(String(input));
    return url.pathname + url.search;
  });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelectorAll('[data-page-head]').forEach((el) => el.remove());
  history.replaceState(null, '', '/');
});

describe('the home page Filter with script', () => {
  it('shows a chosen category in place: the grid, the announced status, the current chip and the URL', async () => {
    const pages = { '/': await serverPage('/'), '/?category=cybersecurity': await serverPage('/?category=cybersecurity') };
    fetchMock.mockImplementation((input) => {
      const url = new URL(String(input), location.href);
      return Promise.resolve(new Response(pages[(url.pathname + url.search) as keyof typeof pages], { headers: { 'content-type': 'text/html' } }));
    });
    const user = userEvent.setup();
    renderPage(<HomePage />, { mocks: [homeMock(tenArticles)] });
    await screen.findByRole('heading', { name: 'Latest Tech News' });
    const filter = screen.getByRole('button', { name: 'Filter' });
    await waitFor(() => expect(filter.closest('[data-island]')?.getAttribute('data-hydrated')).toBe('true'));
    // The live region is on the page before any choice, so the choice is announced.
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Showing the latest news from every category');
    expect(cardTitles()).toEqual([2, 3, 4, 5, 6, 7].map((n) => `Story number ${n} about Australian tech`));

    await user.click(filter);
    const panel = screen.getByRole('navigation', { name: 'Filter latest news by category' });
    const chip = within(panel).getByRole('link', { name: 'Cybersecurity' });
    await user.click(chip);

    await waitFor(() => expect(cardTitles()).toEqual([21, 22].map((n) => `Story number ${n} about Australian tech`)));
    expect(fetchMock).toHaveBeenCalledWith('http://localhost:3000/?category=cybersecurity', expect.objectContaining({ credentials: 'same-origin' }));
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Showing Cybersecurity: 2 article(s)');
    expect(status.hasAttribute('data-all')).toBe(false);
    expect(chip.getAttribute('aria-current')).toBe('true');
    expect(within(panel).getByRole('link', { name: 'All' }).hasAttribute('aria-current')).toBe(false);
    expect(location.pathname + location.search + location.hash).toBe('/?category=cybersecurity#latest');
    expect(document.activeElement).toBe(chip);
    expect(screen.getByTestId('latest-grid').hasAttribute('aria-busy')).toBe(false);

    // Back: the address says every category again, and the list follows it.
    history.replaceState(null, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(cardTitles()).toEqual([2, 3, 4, 5, 6, 7].map((n) => `Story number ${n} about Australian tech`)));
    expect(status.textContent).toBe('Showing the latest news from every category');
    expect(within(panel).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('true');
    expect(pageFetches()).toEqual(['/?category=cybersecurity', '/']);
  });

  it("adds the fetched page's styles this page lacks, once, through the CSSOM", async () => {
    const extra = '<style data-emotion="css filter-only-1">.css-filter-only-1{color:red}</style>';
    const page = (await serverPage('/?category=cybersecurity')).replace('<head></head>', `<head>${extra}</head>`);
    fetchMock.mockImplementation(() => Promise.resolve(new Response(page)));
    // jsdom has no constructed style sheets: what the browser does, recorded.
    const replaced: string[] = [];
    vi.stubGlobal('CSSStyleSheet', class {
      replaceSync(css: string) {
        replaced.push(css);
      }
    });
    Object.defineProperty(document, 'adoptedStyleSheets', { value: [], writable: true, configurable: true });
    renderPage(<HomePage />, { mocks: [homeMock(tenArticles)] });
    await screen.findByRole('heading', { name: 'Latest Tech News' });
    const { showFilter } = await import('./latest-filter-swap');
    await showFilter('/?category=cybersecurity#latest', 'push');
    await showFilter('/?category=cybersecurity#latest', 'replace');
    expect(replaced).toEqual(['.css-filter-only-1{color:red}']);
    expect(document.adoptedStyleSheets).toHaveLength(1);
    expect(cardTitles()).toEqual([21, 22].map((n) => `Story number ${n} about Australian tech`));
    delete (document as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
  });

  it('leaves a click that opens a new tab to the browser', async () => {
    fetchMock.mockResolvedValue(new Response(''));
    renderPage(<HomePage />, { mocks: [homeMock(tenArticles)] });
    await screen.findByRole('heading', { name: 'Latest Tech News' });
    const filter = screen.getByRole('button', { name: 'Filter' });
    await waitFor(() => expect(filter.closest('[data-island]')?.getAttribute('data-hydrated')).toBe('true'));
    await userEvent.setup().click(filter);
    const chip = within(screen.getByRole('navigation', { name: 'Filter latest news by category' })).getByRole('link', { name: 'Cybersecurity' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    chip.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(pageFetches()).toEqual([]);
  });
});
