import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepNewsroomToken, readNewsroomToken } from '../../lib/newsroom-session';
import { theme } from '../../theme/theme';
import { TOKEN_LABEL } from '../../components/newsroom-sign-in';
import { AnalyticsDashboard } from './analytics-dashboard';
import type { DashboardData } from './analytics-data';

function figures(days: number, views: number): DashboardData {
  const daily = Array.from({ length: days }, (_, i) => ({ day: `2026-11-${String((i % 28) + 1).padStart(2, '0')}`, views: 0, visitors: 0 }));
  daily[days - 1] = { day: '2026-11-20', views, visitors: 321 };
  return {
    days,
    from: '2026-10-22',
    to: '2026-11-20',
    timeZone: 'Australia/Sydney',
    totals: { views, visitors: 321 },
    daily,
    topArticles: [{ articleId: 7, title: 'Quantum chips land in Sydney', path: '/articles/7', views: 512 }],
    topReferrers: [{ host: 'news.ycombinator.com', views: 88 }],
    countries: [{ country: 'AU', views: 900 }, { country: 'unknown', views: 12 }],
    vitals: [
      { template: 'article', metric: 'LCP', p75: 2100.4, samples: 40, rating: 'good' },
      { template: 'article', metric: 'CLS', p75: 0.031, samples: 40, rating: 'good' },
    ],
    newsletter: { confirmed: { daily: 1520, weekly: 640, addresses: 1900 }, pending: 17, unsubscribes: 23, digestsSent: 41200 },
    agentReads: {
      agents: [{ agent: 'GPTBot', reads: 1840 }, { agent: 'ClaudeBot', reads: 95 }],
      top: [{ agent: 'GPTBot', path: '/articles/7.md', reads: 402 }],
    },
    fediverse: {
      followers: [
        { handle: '@news@austechnews.com.au', name: 'AusTech News', followers: 2310 },
        { handle: '@cybersecurity@austechnews.com.au', name: 'AusTech News: Cybersecurity', followers: 415 },
      ],
    },
  };
}

const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderDashboard() {
  render(
    <ThemeProvider theme={theme}>
      <AnalyticsDashboard />
    </ThemeProvider>,
  );
}

describe('the audience dashboard', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    sessionStorage.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the newsroom token when this tab holds none, keeps it and loads the figures with it', async () => {
    fetchMock.mockResolvedValue(answer(figures(30, 1234)));
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(TOKEN_LABEL, { exact: false }), { target: { value: '  owner-token-0123456789abcdef ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('1,234');
    expect(readNewsroomToken()).toBe('owner-token-0123456789abcdef');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/admin/analytics?days=30');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer owner-token-0123456789abcdef');
  });

  it('shows the figures of a signed-in owner: totals, charts, top articles, referrers, countries and p75 per template', async () => {
    keepNewsroomToken('owner-token-0123456789abcdef');
    fetchMock.mockResolvedValue(answer(figures(30, 1234)));
    renderDashboard();
    await screen.findByText('1,234');
    expect(screen.getByText('321')).toBeTruthy();
    for (const name of ['Daily page views and visitors', 'Top articles', 'Top referrers', 'Countries', 'Core Web Vitals (p75 per page template)']) {
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    }
    const articles = screen.getByRole('table', { name: 'Top articles' });
    expect(within(articles).getByRole('columnheader', { name: 'Page views' })).toBeTruthy();
    expect(within(articles).getByRole('link', { name: 'Quantum chips land in Sydney' }).getAttribute('href')).toBe('/articles/7');
    expect(within(articles).getByText('512')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Top referrers' })).getByText('news.ycombinator.com')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Countries' })).getByText('Australia')).toBeTruthy();
    const vitals = screen.getByRole('table', { name: 'Core Web Vitals (p75 per page template)' });
    expect(within(vitals).getByText('2,100 ms')).toBeTruthy();
    expect(within(vitals).getByText('0.03')).toBeTruthy();
    // The charts' drawing surfaces arrive with their library, loaded on demand (the figures are also
    // in the tables and the caption).
    await waitFor(() => expect(document.querySelectorAll('svg').length).toBeGreaterThanOrEqual(2));
  });

  it('shows followers per fediverse account and what agents read, by name and path', async () => {
    keepNewsroomToken('owner-token-0123456789abcdef');
    fetchMock.mockResolvedValue(answer(figures(30, 1234)));
    renderDashboard();
    const followers = await screen.findByRole('table', { name: 'Fediverse followers' });
    const count = (table: HTMLElement, label: string) => within(within(table).getByRole('rowheader', { name: label }).closest('tr')!).getAllByRole('cell')[0].textContent;
    expect(count(followers, 'AusTech News (@news@austechnews.com.au)')).toBe('2,310');
    expect(count(followers, 'AusTech News: Cybersecurity (@cybersecurity@austechnews.com.au)')).toBe('415');
    const agents = screen.getByRole('table', { name: 'Read by agents' });
    expect(count(agents, 'GPTBot')).toBe('1,840');
    expect(count(agents, 'ClaudeBot')).toBe('95');
    const paths = screen.getByRole('table', { name: 'Most read by agents' });
    expect(within(paths).getByRole('link', { name: '/articles/7.md' }).getAttribute('href')).toBe('/articles/7.md');
    expect(count(paths, '/articles/7.md by GPTBot')).toBe('402');
  });

  it("shows the newsletter's counts: subscribers per list, pending confirmations, unsubscribes and digests sent", async () => {
    keepNewsroomToken('owner-token-0123456789abcdef');
    fetchMock.mockResolvedValue(answer(figures(30, 1234)));
    renderDashboard();
    const table = await screen.findByRole('table', { name: 'Newsletter' });
    const count = (label: string) => within(within(table).getByRole('rowheader', { name: label }).closest('tr')!).getAllByRole('cell')[0].textContent;
    expect(count('Daily digest subscribers')).toBe('1,520');
    expect(count('Weekly digest subscribers')).toBe('640');
    expect(count('Confirmed addresses (either list)')).toBe('1,900');
    expect(count('Waiting for confirmation')).toBe('17');
    expect(count('Unsubscribed in this range')).toBe('23');
    expect(count('Digest e-mails sent in this range')).toBe('41,200');
  });

  it('switches to 90 days with the range toggle', async () => {
    keepNewsroomToken('owner-token-0123456789abcdef');
    fetchMock.mockResolvedValueOnce(answer(figures(30, 1234))).mockResolvedValueOnce(answer(figures(90, 5678)));
    renderDashboard();
    await screen.findByText('1,234');
    fireEvent.click(screen.getByRole('button', { name: '90 days' }));
    await screen.findByText('5,678');
    expect(fetchMock.mock.calls[1][0]).toBe('/api/admin/analytics?days=90');
    expect(screen.getByRole('button', { name: '90 days' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('asks again when the token is refused, and explains a role that may not see the figures', async () => {
    keepNewsroomToken('revoked-token-0123456789abcdef');
    fetchMock.mockResolvedValueOnce(answer({ message: 'A valid admin token is required' }, 401));
    renderDashboard();
    await screen.findByText('That token was not accepted. Check it and try again.');
    expect(readNewsroomToken()).toBeNull();
    fetchMock.mockResolvedValueOnce(answer({ message: 'The editor role may not do this' }, 403));
    fireEvent.change(screen.getByLabelText(TOKEN_LABEL, { exact: false }), { target: { value: 'editor-token-0123456789abcdef' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText(/the admin role is needed/);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(readNewsroomToken()).toBeNull());
    expect(screen.getByLabelText(TOKEN_LABEL, { exact: false })).toBeTruthy();
  });
});
