import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { HomePage } from './home-page';
import { article, homeMock } from './home.fixtures.test-utils';

const fetchMock = vi.fn(() => Promise.resolve(new Response(null)));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.querySelectorAll('[data-page-head]').forEach((el) => el.remove());
});

const tenArticles = Array.from({ length: 10 }, (_, i) => article(i + 1));

async function renderHome(articles = tenArticles) {
  const view = renderPage(<HomePage />, { mocks: [homeMock(articles)] });
  await screen.findByRole('heading', { name: 'Latest Tech News' });
  return view;
}

function cardTitles() {
  return within(screen.getByTestId('latest-grid'))
    .getAllByTestId('article-card')
    .map((card) => within(card).getByRole('heading').textContent);
}

describe('HomePage', () => {
  it("reads 'Loading latest tech news...' while loading", async () => {
    renderPage(<HomePage />, { mocks: [homeMock(tenArticles)] });
    expect(screen.getByRole('status').textContent).toBe('Loading latest tech news...');
    await screen.findByRole('heading', { name: 'Latest Tech News' });
    expect(screen.queryByText('Loading latest tech news...')).toBeNull();
  });

  it('features the first breaking article and shows at most 6 others', async () => {
    const articles = tenArticles.map((a) => (a.id === '3' ? { ...a, isBreaking: true } : a));
    await renderHome(articles);
    const featured = screen.getByTestId('featured-article');
    expect(within(featured).getByRole('heading', { level: 2 }).textContent).toBe('Story number 3 about Australian tech');
    expect(within(featured).getByText('Excerpt of story 3.')).toBeTruthy();
    expect(within(featured).getByRole('link', { name: 'Artificial Intelligence' }).getAttribute('href')).toBe('/categories/artificial-intelligence');
    expect(within(featured).getByText(/Author 3/).textContent).toBe('By Author 3 · 3 hours ago');
    const image = featured.querySelector('img')!;
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('fetchpriority')).toBe('high');

    expect(cardTitles()).toEqual([1, 2, 4, 5, 6, 7].map((n) => `Story number ${n} about Australian tech`));
  });

  it('features the first article when none is breaking', async () => {
    await renderHome();
    const featured = screen.getByTestId('featured-article');
    expect(within(featured).getByRole('heading', { level: 2 }).textContent).toBe('Story number 1 about Australian tech');
    expect(cardTitles()).toEqual([2, 3, 4, 5, 6, 7].map((n) => `Story number ${n} about Australian tech`));
  });

  it('animates the cards in 150 ms apart', async () => {
    await renderHome();
    const delays = within(screen.getByTestId('latest-grid'))
      .getAllByTestId('article-card')
      .map((card) => card.style.animationDelay);
    expect(delays).toEqual(['0ms', '150ms', '300ms', '450ms', '600ms', '750ms']);
  });

  it("has the 'Latest Tech News' heading, 'All Categories' linking to /categories and 'Filter' opening the category chips", async () => {
    const user = userEvent.setup();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await renderHome();
    const heading = screen.getByRole('heading', { level: 2, name: 'Latest Tech News' });
    const section = heading.closest('section')!;
    // Every control does something (decision 018).
    expect(within(section).getByRole('link', { name: 'All Categories' }).getAttribute('href')).toBe('/categories');
    const filter = within(section).getByRole('button', { name: 'Filter' });
    // Without script it asks for the page with the chips open, at Latest.
    const form = filter.closest('form')!;
    expect([filter.getAttribute('type'), form.getAttribute('method'), form.getAttribute('action')]).toEqual(['submit', 'get', '/#latest']);
    expect(Object.fromEntries(new FormData(form))).toEqual({ filter: 'open' });
    expect(filter.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(filter.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    await waitFor(() => expect(filter.closest('[data-island]')?.getAttribute('data-hydrated')).toBe('true'));
    await user.click(filter);
    expect(filter.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    const chips = within(panel).getAllByRole('link');
    expect(chips.map((c) => [c.textContent, c.getAttribute('href')])).toEqual([
      ['All', '/#latest'],
      ['Artificial Intelligence', '/?category=artificial-intelligence#latest'],
      ['Quantum Computing', '/?category=quantum-computing#latest'],
      ['Cybersecurity', '/?category=cybersecurity#latest'],
    ]);
    await user.click(filter);
    expect(panel.hidden).toBe(true);
  });

  it('filters the Latest grid by the category in the URL, keeping the featured story', async () => {
    const cyber = { __typename: 'Category', id: 'c3', name: 'Cybersecurity', slug: 'cybersecurity' } as ReturnType<typeof article>['category'];
    const filtered = [article(21, { category: cyber }), article(22, { category: cyber })];
    renderPage(<HomePage />, { mocks: [homeMock(tenArticles, undefined, { category: 'cybersecurity', articles: filtered })], path: '/?category=cybersecurity' });
    await screen.findByRole('heading', { name: 'Latest Tech News' });
    expect(cardTitles()).toEqual([21, 22].map((n) => `Story number ${n} about Australian tech`));
    expect(within(screen.getByTestId('featured-article')).getByRole('heading', { level: 2 }).textContent).toBe('Story number 1 about Australian tech');
    expect(screen.getByRole('status').textContent).toBe('Showing Cybersecurity: 2 article(s)');
    const filter = screen.getByRole('button', { name: 'Filter' });
    expect(filter.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(filter.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByRole('link', { name: 'Cybersecurity' }).getAttribute('aria-current')).toBe('true');
  });

  it('opens the chips with every category listed when the address asks for them (the Filter button without script)', async () => {
    renderPage(<HomePage />, { mocks: [homeMock(tenArticles)], path: '/?filter=open' });
    await screen.findByRole('heading', { name: 'Latest Tech News' });
    const filter = screen.getByRole('button', { name: 'Filter' });
    expect(filter.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(filter.getAttribute('aria-controls')!)!.hidden).toBe(false);
    expect(cardTitles()).toEqual([2, 3, 4, 5, 6, 7].map((n) => `Story number ${n} about Australian tech`));
  });

  it('names an unknown category and keeps showing the latest news', async () => {
    renderPage(<HomePage />, { mocks: [homeMock(tenArticles, undefined, { category: 'nope', articles: null })], path: '/?category=nope' });
    await screen.findByRole('heading', { name: 'Latest Tech News' });
    expect(screen.getByRole('status').textContent).toBe('There is no category "nope". Showing the latest news from every category.');
    expect(cardTitles()).toEqual([2, 3, 4, 5, 6, 7].map((n) => `Story number ${n} about Australian tech`));
  });

  it('lists the next stories under More Headlines in the sidebar', async () => {
    await renderHome();
    const more = screen.getByRole('region', { name: 'More Headlines' });
    const links = within(more).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([8, 9, 10].map((n) => [`Story number ${n} about Australian tech`, `/articles/${n}`]));
    expect(within(more).getAllByText(/3 hours ago/)).toHaveLength(3);
  });

  it('reserves the ad slot without rendering anything visible between cards', async () => {
    await renderHome();
    const grid = screen.getByTestId('latest-grid');
    // Six grid items, each holding exactly one card: the slot after card 4 adds no element.
    expect(grid.children).toHaveLength(6);
    for (const item of Array.from(grid.children)) {
      expect(item.querySelectorAll('[data-testid="article-card"]')).toHaveLength(1);
    }
  });

  it('shows the VPN promotion, the domain pitch, a sidebar partner and trending topics', async () => {
    await renderHome();

    const promotion = screen.getByTestId('partner-promotion');
    expect(within(promotion).getByRole('heading', { level: 2, name: 'HarbourShield VPN' })).toBeTruthy();
    expect(within(promotion).getByText('Sponsored')).toBeTruthy();
    const promoLink = within(promotion).getByRole('link', { name: /^Protect Yourself/ });
    expect(promoLink.getAttribute('href')).toBe('https://www.harbourshield.com.au/');
    expect(promoLink.getAttribute('rel')).toBe('sponsored noopener noreferrer');

    const pitch = screen.getByRole('heading', { level: 2, name: 'Why technews.example.au?' }).closest('section')!;
    // The domain CTA preselects 'Domain Purchase'; the pitch also leads to the buyer's page.
    expect(within(pitch).getByRole('link', { name: 'Request Domain Details' }).getAttribute('href')).toBe('/contact?inquiry=domain');
    expect(within(pitch).getByRole('link', { name: 'Price, process and offer' }).getAttribute('href')).toBe('/domain');

    const sidebar = screen.getByRole('region', { name: 'Partner Offer' });
    expect(within(sidebar).getAllByTestId('partner-card')).toHaveLength(1);
    expect(within(sidebar).queryByText('HarbourShield VPN')).toBeNull();

    const trending = screen.getByRole('region', { name: 'Trending Topics' });
    // The topics of the newest stories (all of the fixture's are in one category), each leading to its stories.
    const topics = within(trending).getAllByRole('listitem');
    expect(topics.map((t) => t.textContent)).toEqual(['Artificial Intelligence']);
    expect(within(trending).getByRole('link').getAttribute('href')).toBe('/categories/artificial-intelligence');
  });

  it('shows the first sidebar partner on first render, then a random one after mount', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    await renderHome();
    const sidebar = screen.getByRole('region', { name: 'Partner Offer' });
    await waitFor(() => expect(within(sidebar).getByRole('heading', { level: 3 }).textContent).toBe('PressPeak WordPress Hosting'));
  });

  it('keeps the sidebar partner the first one when the random pick lands on it', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await renderHome();
    const sidebar = screen.getByRole('region', { name: 'Partner Offer' });
    const card = within(sidebar).getByTestId('partner-card');
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('SummitStack Hosting');
    expect(within(card).getByText('Premium')).toBeTruthy();
    expect(within(card).getByRole('link', { name: /^Claim Offer/ }).getAttribute('rel')).toBe('sponsored noopener noreferrer');
  });

  it('has exactly one h1 and headings in order', async () => {
    await renderHome();
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s.map((h) => h.textContent)).toEqual(['AusTech News: Australian technology news']);
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1]).toBeLessThanOrEqual(1);
  });

  it('links the category bar to each category', async () => {
    await renderHome();
    const nav = screen.getByRole('navigation', { name: 'Browse categories' });
    expect(within(nav).getByRole('link', { name: 'Quantum Computing' }).getAttribute('href')).toBe('/categories/quantum-computing');
  });

  it('sets the page title, canonical, feed and structured data', async () => {
    await renderHome();
    await waitFor(() => expect(document.title).toBe('AusTech News | Australian Technology News'));
    const description = document.head.querySelector('meta[name="description"]')!.getAttribute('content')!;
    expect(description.length).toBeGreaterThan(120);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(document.head.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://technews.example.au/');
    const feed = document.head.querySelector('link[type="application/rss+xml"]')!;
    expect(feed.getAttribute('title')).toBe('AusTech News — latest');
    expect(feed.getAttribute('href')).toBe('https://technews.example.au/rss.xml');
    const jsonLd = Array.from(document.head.querySelectorAll('script[type="application/ld+json"]')).map((s) => JSON.parse(s.textContent!));
    expect(jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'NewsMediaOrganization',
        name: 'AusTech News',
        url: 'https://technews.example.au/',
        logo: { '@type': 'ImageObject', url: 'https://technews.example.au/media/brand/logo.png', width: { '@type': 'QuantitativeValue', value: 512, unitCode: 'E37' }, height: { '@type': 'QuantitativeValue', value: 512, unitCode: 'E37' } },
        publishingPrinciples: 'https://technews.example.au/editorial-standards',
        ethicsPolicy: 'https://technews.example.au/editorial-standards',
        correctionsPolicy: 'https://technews.example.au/corrections-policy',
        actionableFeedbackPolicy: 'https://technews.example.au/corrections-policy',
        ownershipFundingInfo: 'https://technews.example.au/ownership',
        masthead: 'https://technews.example.au/masthead',
        unnamedSourcesPolicy: 'https://technews.example.au/editorial-standards',
      },
      { '@context': 'https://schema.org', '@type': 'WebSite', name: 'AusTech News', url: 'https://technews.example.au/', inLanguage: 'en-AU' },
    ]);
  });

  it('warms up the REST endpoints with HEAD requests after mount', async () => {
    await renderHome();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock).toHaveBeenCalledWith('/api/articles', { method: 'HEAD', credentials: 'include' });
    expect(fetchMock).toHaveBeenCalledWith('/api/breaking-news', { method: 'HEAD', credentials: 'include' });
  });
});
