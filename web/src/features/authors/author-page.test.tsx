import type { MockedResponse } from '@apollo/client/testing';
import { useQuery } from '@apollo/client/react';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthorPageDocument, type AuthorPageQuery, SiteFooterDocument } from '../../graphql/graphql';
import { renderPage } from '../../test/render-page';
import { AuthorPage } from './author-page';
import { initialsOf } from './author-avatar';

type Author = NonNullable<AuthorPageQuery['author']>;

const card = (id: string) => ({
  __typename: 'Article' as const,
  id,
  title: `Story ${id} about Australian security`,
  excerpt: `Excerpt ${id}.`,
  author: 'Daniel Huynh',
  authorSlug: 'daniel-huynh',
  kind: 'NEWS' as const,
  sponsorName: null,
  publishedAt: '2026-11-27T01:00:00.000Z',
  imageUrl: `/media/covers/story-${id}`,
  isBreaking: false,
  readingMinutes: 3,
  category: { __typename: 'Category' as const, id: '3', name: 'Cyber Security', slug: 'cybersecurity' },
});

function author(overrides: Partial<Author> = {}): Author {
  return ({
    __typename: 'Author',
    id: '1',
    slug: 'daniel-huynh',
    name: 'Daniel Huynh',
    role: 'Senior Reporter, Security',
    bio: 'Daniel covers cyber security.',
    photoUrl: null,
    linkedinUrl: 'https://www.linkedin.com/in/daniel',
    websiteUrl: null,
    fediverseHandle: '@daniel@aus.social',
    categories: [{ __typename: 'Category', id: '3', name: 'Cyber Security', slug: 'cybersecurity' }],
    articles: {
      __typename: 'ArticleConnection',
      totalCount: 13,
      nodes: [card('1'), card('2')],
      pageInfo: { __typename: 'PageInfo', hasNextPage: true, endCursor: 'CURSOR2' },
    },
    ...overrides,
  }) as Author;
}

const mock = (slug: string, value: Author | null, after: string | null = null): MockedResponse => ({
  request: { query: AuthorPageDocument, variables: { slug, after } },
  result: { data: { author: value } },
});

const jsonLd = () => [...document.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '{}'));

describe('AuthorPage', () => {
  it('shows the profile, their links (rel=me), their articles and a plain link to older ones', async () => {
    renderPage(<AuthorPage />, { mocks: [mock('daniel-huynh', author())], path: '/authors/daniel-huynh', route: 'authors/:slug' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Daniel Huynh' })).toBeTruthy();
    expect(screen.getByTestId('author-role').textContent).toBe('Senior Reporter, Security');
    const linkedin = screen.getByRole('link', { name: 'LinkedIn' });
    expect(linkedin.getAttribute('rel')).toContain('me');
    expect(screen.getByRole('link', { name: 'Fediverse (@daniel@aus.social)' }).getAttribute('href')).toBe('https://aus.social/@daniel');
    expect(screen.getByRole('heading', { name: 'Articles by Daniel Huynh (13)' })).toBeTruthy();
    expect(screen.getAllByTestId('article-card')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Older articles by Daniel Huynh' }).getAttribute('href')).toBe('/authors/daniel-huynh?after=CURSOR2');
    await waitFor(() => expect(document.head.querySelector('meta[name="fediverse:creator"]')?.getAttribute('content')).toBe('@daniel@aus.social'));
    const [profile] = jsonLd();
    expect(profile['@type']).toBe('ProfilePage');
    expect(profile.mainEntity).toMatchObject({ '@type': 'Person', name: 'Daniel Huynh', jobTitle: 'Senior Reporter, Security', sameAs: ['https://www.linkedin.com/in/daniel', 'https://aus.social/@daniel'] });
  });

  it('offers the author\'s account on this site beside their own handle elsewhere, unless a category has that name', async () => {
    renderPage(<AuthorPage />, { mocks: [mock('daniel-huynh', author())], path: '/authors/daniel-huynh', route: 'authors/:slug' });
    const follow = await screen.findByRole('region', { name: 'Follow on the fediverse' });
    expect(follow.querySelector('[data-fediverse-handle]')?.textContent).toBe('@daniel-huynh@technews.example.au');

    // An author whose slug is a category's: @cybersecurity is the category's account, so none is offered.
    function WithCategories() {
      const { data } = useQuery(SiteFooterDocument);
      return data ? <AuthorPage /> : null;
    }
    const cyber = { __typename: 'Category', id: '3', name: 'Cyber Security', slug: 'cybersecurity', icon: 'Security', description: 'Breaches.' };
    cleanup();
    renderPage(<WithCategories />, {
      mocks: [{ request: { query: SiteFooterDocument }, result: { data: { categories: [cyber] } } }, mock('cybersecurity', author({ slug: 'cybersecurity' }))],
      path: '/authors/cybersecurity',
      route: 'authors/:slug',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Daniel Huynh' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Follow on the fediverse' })).toBeNull();
  });

  it('reads the next page from ?after=', async () => {
    renderPage(<AuthorPage />, {
      mocks: [mock('daniel-huynh', author({ articles: { ...author().articles, nodes: [card('3')], pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null } } as Author['articles'] }), 'CURSOR2')],
      path: '/authors/daniel-huynh?after=CURSOR2',
      route: 'authors/:slug',
    });
    expect(await screen.findByText('Story 3 about Australian security')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Newest articles' }).getAttribute('href')).toBe('/authors/daniel-huynh');
    expect(screen.queryByRole('link', { name: /Older articles/ })).toBeNull();
  });

  it('says so when the author has no articles yet', async () => {
    const empty = author({ articles: { __typename: 'ArticleConnection', totalCount: 0, nodes: [], pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null } } as Author['articles'] });
    renderPage(<AuthorPage />, { mocks: [mock('daniel-huynh', empty)], path: '/authors/daniel-huynh', route: 'authors/:slug' });
    expect(await screen.findByText('Daniel Huynh has not published an article yet.')).toBeTruthy();
  });

  it('is a 404 (noindex) for an unknown slug', async () => {
    renderPage(<AuthorPage />, { mocks: [mock('nobody', null)], path: '/authors/nobody', route: 'authors/:slug' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Author Not Found' })).toBeTruthy();
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex'));
  });

  it('draws initials for an author without a photo', async () => {
    expect(initialsOf('Liam Okonkwo-Reid')).toBe('LR');
    expect(initialsOf('Daniel Huynh')).toBe('DH');
    renderPage(<AuthorPage />, { mocks: [mock('daniel-huynh', author())], path: '/authors/daniel-huynh', route: 'authors/:slug' });
    const header = (await screen.findByRole('heading', { level: 1, name: 'Daniel Huynh' })).closest('header')!;
    expect(within(header).getByText('DH').getAttribute('aria-hidden')).toBe('true');
  });
});
