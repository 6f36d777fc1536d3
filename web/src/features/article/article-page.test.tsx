import { ApolloLink } from '@apollo/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockedResponse } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../entry-server';
import { ArticlePageDocument, type ArticlePageQuery } from '../../graphql/graphql';
import { renderPage, testSiteConfig } from '../../test/render-page';
import { ArticlePage } from './article-page';

type Article = NonNullable<ArticlePageQuery['article']>;
type Related = Article['related'][number];

const TITLE = 'Australian satellite start-up closes record funding round';
const category = { __typename: 'Category' as const, id: '3', name: 'Space Economy', slug: 'space-economy' };

function related(id: string, title: string): Related {
  return {
    __typename: 'Article',
    id,
    title,
    excerpt: `Excerpt of ${title}.`,
    author: 'Sam Lee',
    authorSlug: null,
    kind: 'NEWS',
    sponsorName: null,
    publishedAt: '2026-11-19T01:00:00.000Z',
    imageUrl: `/media/covers/related-${id}`,
    isBreaking: false,
    readingMinutes: 3,
    category,
  } as Related;
}

function article(overrides: Partial<Article> = {}): Article {
  return {
    __typename: 'Article',
    id: '7',
    title: TITLE,
    excerpt: 'An Adelaide start-up has raised $120 million to expand its constellation.',
    content: 'The company will launch six satellites next year. Tiny bit. Investors include two super funds! Is this the start of a boom? Yes.',
    author: 'Priya Nair',
    authorSlug: 'priya-nair',
    kind: 'NEWS',
    sponsorName: null,
    authorProfile: { __typename: 'Author', slug: 'priya-nair', name: 'Priya Nair', role: 'Space Reporter', fediverseHandle: '@priya@aus.social' },
    corrections: [],
    fediverseReplies: [],
    // 23:30 UTC on 20 November is 21 November in Sydney.
    publishedAt: '2026-11-20T23:30:00.000Z',
    updatedAt: '2026-11-21T02:00:00.000Z',
    imageUrl: '/media/covers/space-7',
    isBreaking: true,
    readingMinutes: 3,
    sourceUrl: 'https://example.com/satellite-funding',
    category,
    related: [related('8', 'Launch pad approved in Queensland'), related('9', 'Space agency budget doubles'), related('10', 'Lunar rover contract awarded')],
    ...overrides,
  } as Article;
}

function mock(id: string, value: Article | null, extra: Partial<MockedResponse> & { errors?: GraphQLError[] } = {}): MockedResponse {
  const { errors, ...rest } = extra;
  return { request: { query: ArticlePageDocument, variables: { id } }, result: { data: { article: value }, ...(errors ? { errors } : {}) }, ...rest };
}

function renderArticle(mocks: MockedResponse[], path = '/articles/7') {
  return renderPage(<ArticlePage />, { mocks, path, route: 'articles/:id' });
}

function headJsonLd(): Record<string, unknown>[] {
  return [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '{}'));
}

describe('ArticlePage', () => {
  it('reads "Loading article..." while the query is in flight', () => {
    renderArticle([mock('7', article(), { delay: Infinity })]);
    expect(screen.getByText('Loading article...')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('shows the back link, badges, title, author and the en-AU long date', async () => {
    renderArticle([mock('7', article())]);
    const heading = await screen.findByRole('heading', { level: 1, name: TITLE });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to Articles' }).getAttribute('href')).toBe('/');
    const story = heading.closest('article')!;
    expect(within(story).getByRole('link', { name: 'Space Economy' }).getAttribute('href')).toBe('/categories/space-economy');
    expect(within(story).getByText('Breaking News')).toBeTruthy();
    expect(within(story).getByText('Priya Nair')).toBeTruthy();
    const time = within(story).getByText('21 November 2026');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe('2026-11-20T23:30:00.000Z');
  });

  it("shows the reading time beside the byline, and on each related card", async () => {
    renderArticle([mock('7', article({ readingMinutes: 4 }))]);
    const heading = await screen.findByRole('heading', { level: 1, name: TITLE });
    expect(heading).toBeTruthy();
    const [own, ...cards] = screen.getAllByTestId('reading-time');
    expect(own.textContent).toBe('4 min read');
    expect(cards.map((c) => c.textContent)).toEqual(['3 min read', '3 min read', '3 min read']);
  });

  it('shows no Breaking News badge for a regular article', async () => {
    renderArticle([mock('7', article({ isBreaking: false }))]);
    await screen.findByRole('heading', { level: 1, name: TITLE });
    expect(screen.queryByText('Breaking News')).toBeNull();
  });

  it('has a Share button with an icon and a tooltip that opens a menu of share links', async () => {
    renderArticle([mock('7', article())]);
    const share = await screen.findByRole('button', { name: 'Share' });
    expect(share.tagName).toBe('BUTTON');
    expect(share.querySelector('svg')).not.toBeNull();
    await userEvent.hover(share);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Share this article');
    // Every control does something (decision 018).
    const menu = document.getElementById(share.getAttribute('popovertarget')!)!;
    expect(menu.getAttribute('popover')).toBe('auto');
    const url = encodeURIComponent('https://technews.example.au/articles/7');
    const title = encodeURIComponent(TITLE);
    expect(within(menu).getAllByRole('link', { hidden: true }).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Email', `mailto:?subject=${title}&body=${url}`],
      ['LinkedIn', `https://www.linkedin.com/sharing/share-offsite/?url=${url}`],
      ['X', `https://x.com/intent/post?text=${title}&url=${url}`],
      ['Facebook', `https://www.facebook.com/sharer/sharer.php?u=${url}`],
    ]);
    for (const link of within(menu).getAllByRole('link', { hidden: true })) expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("copies the article's link with Copy link and says 'Link copied'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      renderArticle([mock('7', article())]);
      const copy = await screen.findByRole('button', { name: 'Copy link', hidden: true });
      await waitFor(() => expect(copy.closest('li')?.hidden).toBe(false));
      await userEvent.click(copy);
      expect(writeText).toHaveBeenCalledWith('https://technews.example.au/articles/7');
      expect((await screen.findByText('Link copied')).getAttribute('role')).toBe('status');
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it("opens the browser's share sheet where there is one", async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      renderArticle([mock('7', article())]);
      const button = await screen.findByRole('button', { name: 'Share' });
      await waitFor(() => expect(button.closest('[data-island]')?.getAttribute('data-hydrated')).toBe('true'));
      await userEvent.click(button);
      expect(share).toHaveBeenCalledWith({ title: TITLE, url: 'https://technews.example.au/articles/7' });
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('shows the cover image with the title as alt text, and the excerpt as the lead', async () => {
    renderArticle([mock('7', article())]);
    const image = await screen.findByRole('img', { name: TITLE });
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('src')).toContain('/media/covers/space-7');
    expect(screen.getByText('An Adelaide start-up has raised $120 million to expand its constellation.').tagName).toBe('P');
  });

  it('shows each sentence as its own paragraph and drops fragments of 10 characters or fewer', async () => {
    renderArticle([mock('7', article())]);
    const content = await screen.findByTestId('article-content');
    expect([...content.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'The company will launch six satellites next year.',
      'Investors include two super funds!',
      'Is this the start of a boom?',
    ]);
    expect(within(content).queryByText('Tiny bit.')).toBeNull();
    expect(within(content).queryByText('Yes.')).toBeNull();
  });

  it('links to the source in a new tab', async () => {
    renderArticle([mock('7', article())]);
    const link = await screen.findByRole('link', { name: 'Do you want to know more? →' });
    expect(link.textContent).toBe('Do you want to know more? →');
    expect(link.getAttribute('href')).toBe('https://example.com/satellite-funding');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('has no source link when sourceUrl is null', async () => {
    renderArticle([mock('7', article({ sourceUrl: null }))]);
    await screen.findByRole('heading', { level: 1, name: TITLE });
    expect(screen.queryByText(/Do you want to know more/)).toBeNull();
  });

  it('lists at most 3 related articles in the sidebar, with an ad placeholder', async () => {
    const four = [...article().related, related('11', 'Fourth related story')];
    renderArticle([mock('7', article({ related: four }))]);
    const aside = await screen.findByRole('complementary', { name: 'Related Articles' });
    expect(within(aside).getByRole('heading', { level: 2, name: 'Related Articles' })).toBeTruthy();
    expect(within(aside).getAllByTestId('article-card')).toHaveLength(3);
    expect(within(aside).getByRole('link', { name: 'Launch pad approved in Queensland' }).getAttribute('href')).toBe('/articles/8');
    expect(within(aside).queryByText('Fourth related story')).toBeNull();
    // The advertisement position holds the site's own advertisement, labelled as one.
    const ad = within(aside).getByTestId('ad-placeholder');
    expect(ad.textContent).toBe('AdvertisementAdvertise with AusTech NewsReach Australia’s tech readers');
    expect(ad.getAttribute('href')).toBe('/contact?inquiry=advertising');
  });

  it('sets the title, canonical, article tags, category feed and structured data', async () => {
    renderArticle([mock('7', article())]);
    await screen.findByRole('heading', { level: 1, name: TITLE });
    await waitFor(() => expect(document.title).toBe(`${TITLE} | AusTech News`));
    const head = document.head;
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://technews.example.au/articles/7');
    expect(head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(article().excerpt);
    expect(head.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('article');
    expect(head.querySelector('meta[property="article:section"]')?.getAttribute('content')).toBe('Space Economy');
    expect(head.querySelector('meta[property="article:modified_time"]')?.getAttribute('content')).toBe('2026-11-21T02:00:00.000Z');
    const feed = head.querySelector('link[rel="alternate"]');
    expect(feed?.getAttribute('href')).toBe('https://technews.example.au/categories/space-economy/rss.xml');
    expect(feed?.getAttribute('title')).toBe('AusTech News — Space Economy');
    expect(head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('index, follow');
    expect(headJsonLd().map((d) => d['@type'])).toEqual(['NewsArticle', 'BreadcrumbList']);
  });

  it("links the byline to the author's page and credits their fediverse account", async () => {
    renderArticle([mock('7', article())]);
    const heading = await screen.findByRole('heading', { level: 1, name: TITLE });
    const byline = within(heading.closest('article')!).getByRole('link', { name: 'Priya Nair' });
    expect(byline.getAttribute('href')).toBe('/authors/priya-nair');
    await waitFor(() => expect(document.head.querySelector('meta[name="fediverse:creator"]')?.getAttribute('content')).toBe('@priya@aus.social'));
    const [news] = headJsonLd();
    expect(news.author).toEqual({ '@type': 'Person', name: 'Priya Nair', url: 'https://technews.example.au/authors/priya-nair', jobTitle: 'Space Reporter' });
    expect(news.correction).toBeUndefined();
  });

  it('shows every correction above the body, newest first, and carries them in the JSON-LD', async () => {
    const corrections = [
      { __typename: 'Correction' as const, id: '2', kind: 'CLARIFICATION' as const, text: 'The launch site is in South Australia.', createdAt: '2026-11-28T01:00:00.000Z' },
      { __typename: 'Correction' as const, id: '1', kind: 'CORRECTION' as const, text: 'The round was $120 million, not $210 million.', createdAt: '2026-11-27T01:00:00.000Z' },
    ];
    renderArticle([mock('7', article({ corrections }))]);
    const notes = await screen.findByTestId('article-corrections');
    expect([...notes.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Clarification, 28 November 2026: The launch site is in South Australia.',
      'Correction, 27 November 2026: The round was $120 million, not $210 million.',
    ]);
    // Above the story's text.
    const content = screen.getByTestId('article-content');
    expect(notes.compareDocumentPosition(content) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(headJsonLd()[0].correction).toHaveLength(2));
    expect((headJsonLd()[0].correction as object[])[1]).toEqual({
      '@type': 'CorrectionComment',
      text: 'The round was $120 million, not $210 million.',
      datePublished: '2026-11-27T01:00:00.000Z',
      url: 'https://technews.example.au/articles/7#correction-1',
    });
  });

  it('labels an opinion piece and types its JSON-LD as OpinionNewsArticle', async () => {
    renderArticle([mock('7', article({ kind: 'OPINION' }))]);
    const heading = await screen.findByRole('heading', { level: 1, name: TITLE });
    expect(within(heading.closest('article')!).getByText('Opinion')).toBeTruthy();
    await waitFor(() => expect(headJsonLd()[0]['@type']).toBe('OpinionNewsArticle'));
  });

  it('discloses a sponsored article and its partner, and marks its links rel=sponsored', async () => {
    renderArticle([mock('7', article({ kind: 'SPONSORED', sponsorName: 'SummitStack Hosting' }))]);
    const heading = await screen.findByRole('heading', { level: 1, name: TITLE });
    const story = heading.closest('article')!;
    expect(within(story).getByText('Sponsored')).toBeTruthy();
    expect(screen.getByTestId('sponsored-disclosure').textContent).toContain('paid for by SummitStack Hosting');
    expect(within(story).getByRole('link', { name: 'Do you want to know more? →' }).getAttribute('rel')).toBe('sponsored noopener noreferrer');
    await waitFor(() => expect(headJsonLd()[0]['@type']).toBe('AdvertiserContentArticle'));
  });

  it('shows no kind badge for news, and its source link is not sponsored', async () => {
    renderArticle([mock('7', article())]);
    const heading = await screen.findByRole('heading', { level: 1, name: TITLE });
    const story = heading.closest('article')!;
    expect(within(story).queryByText('Sponsored')).toBeNull();
    expect(within(story).getByRole('link', { name: 'Do you want to know more? →' }).getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows Article Not Found (404, noindex) when the article does not exist', async () => {
    renderArticle([mock('999', null)], '/articles/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Article Not Found' })).toBeTruthy();
    expect(screen.getByText("The article you're looking for could not be found.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Article Not Found | AusTech News'));
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('treats a malformed id (BAD_USER_INPUT) as not found', async () => {
    const error = new GraphQLError('Article id must be a positive integer', { path: ['article'], extensions: { code: 'BAD_USER_INPUT' } });
    renderArticle([mock('abc', null, { errors: [error] })], '/articles/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Article Not Found' })).toBeTruthy();
    expect(screen.getByText("The article you're looking for could not be found.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('shows an error rather than a 404 when the request fails', async () => {
    renderArticle([{ request: { query: ArticlePageDocument, variables: { id: '7' } }, error: new Error('Network down') }]);
    expect(await screen.findByText('Failed to load the article. Please try again later.')).toBeTruthy();
    expect(screen.queryByText('Article Not Found')).toBeNull();
  });
});

describe('the article page, styled once (decision 038)', () => {
  it('renders the story, its related cards and the layout without MUI per-render styles', async () => {
    const answers: Record<string, object> = {
      ArticlePage: { article: article() },
      BreakingTicker: { breakingNews: [] },
      SiteFooter: { categories: [{ ...category, icon: 'RocketLaunch', description: 'Launches and the business of space.' }] },
    };
    const link = new ApolloLink((operation) => of({ data: answers[operation.operationName ?? ''] }));
    const page = await render({ url: '/articles/7', link, config: testSiteConfig });
    expect(page.status).toBe(200);
    expect(page.html).toContain(TITLE);
    expect(page.html.match(/data-testid="article-card"/g)).toHaveLength(3);
    // Only icons remain MUI components (one small styled element each).
    const mui = [...page.html.matchAll(/class="([^"]*)"/g)].map((m) => m[1]).filter((c) => c.includes('Mui') && !c.includes('MuiSvgIcon-root'));
    expect(mui).toEqual([]);
  });
});
