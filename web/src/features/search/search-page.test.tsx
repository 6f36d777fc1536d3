import { screen, within } from '@testing-library/react';
import type { MockedResponse } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchPageDocument, type SearchPageQuery } from '../../graphql/graphql';
import { renderPage } from '../../test/render-page';
import { BLANK_SEARCH_HEADING, SEARCH_FAILED_MESSAGE, SEARCH_PAGE_SIZE, SearchPage } from './search-page';

type Edge = NonNullable<SearchPageQuery['search']>['edges'][number];

const categories = [
  { __typename: 'Category' as const, id: '3', name: 'Cybersecurity', slug: 'cybersecurity' },
  { __typename: 'Category' as const, id: '10', name: 'Cloud Computing', slug: 'cloud-computing' },
];

function edge(id: number, snippet = `A passage about <mark>ransomware</mark> number ${id} &amp; more`): Edge {
  return {
    __typename: 'SearchEdge',
    cursor: `cursor-${id}`,
    snippet,
    node: {
      __typename: 'Article',
      id: String(id),
      title: `Ransomware story ${id}`,
      excerpt: `Excerpt ${id}.`,
      author: 'Priya Nair',
      authorSlug: null,
      kind: 'NEWS',
      sponsorName: null,
      publishedAt: '2026-11-19T01:00:00.000Z',
      imageUrl: `/media/covers/story-${id}`,
      isBreaking: id === 1,
      readingMinutes: 3,
      category: { __typename: 'Category', id: '3', name: 'Cybersecurity', slug: 'cybersecurity' },
    },
  } as Edge;
}

interface Variables {
  query: string;
  category?: string | null;
  after?: string | null;
}

function mock({ query, category = null, after = null }: Variables, result: MockedResponse['result']): MockedResponse {
  return {
    request: { query: SearchPageDocument, variables: { query, hasQuery: query !== '', first: SEARCH_PAGE_SIZE, after, category } },
    result,
  };
}

function results(variables: Variables, edges: Edge[], extra: Partial<NonNullable<SearchPageQuery['search']>> = {}) {
  return mock(variables, {
    data: {
      categories,
      search: {
        __typename: 'SearchConnection',
        totalCount: edges.length,
        capped: false,
        suggestion: null,
        authors: [],
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: edges.at(-1)?.cursor ?? null },
        edges,
        ...extra,
      },
    },
  });
}

function renderSearch(path: string, mocks: MockedResponse[]) {
  return renderPage(<SearchPage />, { mocks, path, route: 'search' });
}

afterEach(() => document.head.querySelectorAll('[data-page-head]').forEach((el) => el.remove()));

describe('SearchPage', () => {
  it('shows the heading, the count, and each result with its badge, title link, highlighted snippet and date', async () => {
    renderSearch('/search?q=ransomware', [results({ query: 'ransomware' }, [edge(1), edge(2)])]);
    // The heading shows while searching too: wait for the results' count.
    expect(await screen.findByText('2 article(s) found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Search results for "ransomware"' })).toBeTruthy();
    const [first] = screen.getAllByTestId('search-result');
    expect(within(first).getByRole('link', { name: 'Ransomware story 1' }).getAttribute('href')).toBe('/articles/1');
    expect(within(first).getByRole('link', { name: 'Cybersecurity' }).getAttribute('href')).toBe('/categories/cybersecurity');
    expect(within(first).getByText('Breaking')).toBeTruthy();
    const snippet = within(first).getByTestId('search-snippet');
    expect(snippet.querySelector('mark')?.textContent).toBe('ransomware');
    expect(snippet.textContent).toBe('A passage about ransomware number 1 & more');
    expect(within(first).getByText('19 November 2026').getAttribute('datetime')).toBe('2026-11-19T01:00:00.000Z');
  });

  it('lists the authors whose name matches above the articles, each linking to their page', async () => {
    const authors = [
      { __typename: 'Author' as const, id: '4', slug: 'priya-nair', name: 'Priya Nair', role: 'Senior Reporter, Security' },
      { __typename: 'Author' as const, id: '9', slug: 'priya-sharma', name: 'Priya Sharma', role: 'Editor' },
    ];
    renderSearch('/search?q=priya', [results({ query: 'priya' }, [edge(1)], { authors })]);
    const block = await screen.findByRole('region', { name: 'Authors' });
    const links = within(block).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Priya Nair', '/authors/priya-nair'],
      ['Priya Sharma', '/authors/priya-sharma'],
    ]);
    expect(block.textContent).toContain('Senior Reporter, Security');
    // Above the articles: the block comes first in the page's order.
    const [firstResult] = screen.getAllByTestId('search-result');
    expect(block.compareDocumentPosition(firstResult) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no authors block when no name matches', async () => {
    renderSearch('/search?q=ransomware', [results({ query: 'ransomware' }, [edge(1)])]);
    await screen.findByText('1 article(s) found');
    expect(screen.queryByRole('region', { name: 'Authors' })).toBeNull();
  });

  it('has its own title, description and canonical, and is noindex', async () => {
    renderSearch('/search?q=ransomware&category=cybersecurity', [results({ query: 'ransomware', category: 'cybersecurity' }, [edge(1)])]);
    await screen.findByText('1 article(s) found in Cybersecurity');
    expect(document.title).toBe('Search results for "ransomware" | AusTech News');
    expect(document.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('https://technews.example.au/search?q=ransomware&category=cybersecurity');
    expect(document.head.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex');
    expect(document.head.querySelector('meta[name=description]')?.getAttribute('content')).toBe('1 AusTech News article(s) match "ransomware".');
  });

  it('filters by category with plain links, marking the current one', async () => {
    renderSearch('/search?q=ransomware&category=cybersecurity', [results({ query: 'ransomware', category: 'cybersecurity' }, [edge(1)])]);
    const filter = await screen.findByRole('navigation', { name: 'Filter by category' });
    const links = within(filter).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['All categories', '/search?q=ransomware'],
      ['Cybersecurity', '/search?q=ransomware&category=cybersecurity'],
      ['Cloud Computing', '/search?q=ransomware&category=cloud-computing'],
    ]);
    expect(links[1].getAttribute('aria-current')).toBe('page');
    expect(links[0].getAttribute('aria-current')).toBeNull();
    // The page's own form keeps the filter.
    const form = screen.getByRole('search', { name: 'Search articles' });
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.querySelector<HTMLInputElement>('input[name=category]')?.value).toBe('cybersecurity');
  });

  it('links to the next page with the cursor, and back to the first from a later page', async () => {
    renderSearch('/search?q=ransomware', [results({ query: 'ransomware' }, [edge(1)], { totalCount: 25, pageInfo: { hasNextPage: true, endCursor: 'cursor-1' } })]);
    const more = await screen.findByRole('link', { name: 'More results' });
    expect(more.getAttribute('href')).toBe('/search?q=ransomware&after=cursor-1');
    expect(screen.queryByRole('link', { name: 'First results' })).toBeNull();
  });

  it('offers the first page from a later one', async () => {
    renderSearch('/search?q=ransomware&after=cursor-1', [results({ query: 'ransomware', after: 'cursor-1' }, [edge(2)])]);
    expect((await screen.findByRole('link', { name: 'First results' })).getAttribute('href')).toBe('/search?q=ransomware');
    expect(screen.queryByRole('link', { name: 'More results' })).toBeNull();
  });

  it('says when results are capped', async () => {
    renderSearch('/search?q=cloud', [results({ query: 'cloud' }, [edge(1)], { totalCount: 2000, capped: true })]);
    expect(await screen.findByText(/these are the best of the newest 2,000/)).toBeTruthy();
  });

  it('shows the empty state with "Did you mean" and links to browse categories', async () => {
    renderSearch('/search?q=ransomwear', [results({ query: 'ransomwear' }, [], { suggestion: 'ransomware' })]);
    expect(await screen.findByRole('heading', { name: 'No articles match "ransomwear"' })).toBeTruthy();
    expect(screen.getByText('0 article(s) found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ransomware' }).getAttribute('href')).toBe('/search?q=ransomware');
    expect(screen.getByText(/Did you mean/).textContent).toBe('Did you mean ransomware?');
    const browse = screen.getByRole('navigation', { name: 'Browse categories' });
    expect(within(browse).getByRole('link', { name: 'Cloud Computing' }).getAttribute('href')).toBe('/categories/cloud-computing');
  });

  it('shows no "Did you mean" without a suggestion', async () => {
    renderSearch('/search?q=zzqxv', [results({ query: 'zzqxv' }, [])]);
    await screen.findByRole('heading', { name: 'No articles match "zzqxv"' });
    expect(screen.queryByText(/Did you mean/)).toBeNull();
  });

  it('shows the blank-query state without searching', async () => {
    renderSearch('/search?q=%20%20', [mock({ query: '' }, { data: { categories } })]);
    expect(await screen.findByRole('heading', { level: 1, name: BLANK_SEARCH_HEADING })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Cybersecurity' })).toBeTruthy();
    expect(document.head.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe('https://technews.example.au/search');
    expect(document.head.querySelector('meta[name=robots]')?.getAttribute('content')).not.toBe('noindex');
  });

  it('names the problem with a query the API refuses', async () => {
    const message = 'query must be at most 200 characters';
    renderSearch('/search?q=toolong', [mock({ query: 'toolong' }, { errors: [new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } })] })]);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search results for "toolong"');
  });

  it('says search is unavailable when the request fails', async () => {
    renderSearch('/search?q=cloud', [{ request: { query: SearchPageDocument, variables: { query: 'cloud', hasQuery: true, first: SEARCH_PAGE_SIZE, after: null, category: null } }, error: new Error('offline') }]);
    expect(await screen.findByText(SEARCH_FAILED_MESSAGE)).toBeTruthy();
  });
});
