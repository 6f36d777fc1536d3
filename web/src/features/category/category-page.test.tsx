import { screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@apollo/client/react';
import type { MockedResponse } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CategoryPageDocument, SiteFooterDocument, type CategoryPageQuery } from '../../graphql/graphql';
import { renderPage } from '../../test/render-page';
import { CategoryPage } from './category-page';

type Node = NonNullable<CategoryPageQuery['category']>['articles']['nodes'][number];

const cloud = {
  __typename: 'Category' as const,
  id: '10',
  name: 'Cloud Computing',
  slug: 'cloud-computing',
  description: 'Hyperscalers, sovereign cloud and the data-centre boom.',
  icon: 'Cloud',
};

function node(id: number): Node {
  return {
    __typename: 'Article',
    id: String(id),
    title: `Cloud story number ${id}`,
    excerpt: `Excerpt ${id}.`,
    author: 'Alex Chen',
    authorSlug: null,
    kind: 'NEWS',
    sponsorName: null,
    publishedAt: '2026-11-19T01:00:00.000Z',
    imageUrl: `/media/covers/cloud-${id}`,
    isBreaking: false,
    readingMinutes: 3,
    category: { __typename: 'Category', id: cloud.id, name: cloud.name, slug: cloud.slug },
  } as Node;
}

function mock(slug: string, result: MockedResponse['result'], extra: Partial<MockedResponse> = {}): MockedResponse {
  return { request: { query: CategoryPageDocument, variables: { slug } }, result, ...extra };
}

function found(nodes: Node[], totalCount = nodes.length, slug = 'cloud-computing') {
  return mock(slug, { data: { category: { ...cloud, articles: { __typename: 'ArticleConnection', totalCount, nodes } } } });
}

function renderCategory(mocks: MockedResponse[], slug = 'cloud-computing') {
  return renderPage(<CategoryPage />, { mocks, path: `/categories/${slug}`, route: 'categories/:category' });
}

describe('CategoryPage', () => {
  it('reads "Loading {name} articles..." with a name derived from the slug while loading', () => {
    renderCategory([{ ...found([node(1)]), delay: Infinity }]);
    expect(screen.getByText('Loading Cloud Computing articles...')).toBeTruthy();
  });

  it('uses the cached category name for the loading text when the categories are known', async () => {
    // The header bar/footer normally load SiteFooter; this stands in for them.
    function CategoriesLoader() {
      const { data } = useQuery(SiteFooterDocument);
      // The page mounts once the categories are in the cache, as after server rendering.
      return data ? <CategoryPage /> : <p>Loading categories</p>;
    }
    const ar = { __typename: 'Category', id: '5', name: 'AR/VR & Metaverse', slug: 'ar-vr-metaverse', icon: 'ViewInAr', description: 'Headsets and spatial computing.' };
    renderPage(
      <CategoriesLoader />,
      {
        path: '/categories/ar-vr-metaverse',
        route: 'categories/:category',
        mocks: [
          { request: { query: SiteFooterDocument }, result: { data: { categories: [ar] } } },
          { ...mock('ar-vr-metaverse', { data: null }), delay: Infinity },
        ],
      },
    );
    expect(await screen.findByText('Loading AR/VR & Metaverse articles...')).toBeTruthy();
    expect(screen.queryByText('Loading Ar Vr Metaverse articles...')).toBeNull();
  });

  it('offers the category\'s fediverse account by its slug', async () => {
    renderCategory([found([node(1)])]);
    const follow = await screen.findByRole('region', { name: 'Follow on the fediverse' });
    expect(follow.querySelector('[data-fediverse-handle]')?.textContent).toBe('@cloud-computing@technews.example.au');
    expect(within(follow).getByText(/Every Cloud Computing story/)).toBeTruthy();
  });

  it('shows the icon, name, description, count line and a card per article', async () => {
    const nodes = [node(1), node(2), node(3), node(4), node(5)];
    renderCategory([found(nodes)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud Computing' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByTestId('category-icon').tagName.toLowerCase()).toBe('svg');
    expect(screen.getByText('Hyperscalers, sovereign cloud and the data-centre boom.')).toBeTruthy();
    expect(screen.getByText('5 article(s) in this category')).toBeTruthy();
    const cards = screen.getAllByTestId('article-card');
    expect(cards).toHaveLength(5);
    expect(within(cards[0]).getByRole('link', { name: 'Cloud story number 1' }).getAttribute('href')).toBe('/articles/1');
    // 100 ms more per card.
    expect(cards.map((c) => c.style.animationDelay)).toEqual(['0ms', '100ms', '200ms', '300ms', '400ms']);
    // The delay is each card's own style, not part of its class: every card shares one set of rules.
    expect(new Set(cards.map((c) => c.className)).size).toBe(1);
  });

  it('counts every matching article, not just the page shown', async () => {
    renderCategory([found([node(1), node(2)], 120)]);
    expect(await screen.findByText('120 article(s) in this category')).toBeTruthy();
  });

  it('sets the title, canonical, feed and structured data', async () => {
    renderCategory([found([node(1), node(2)])]);
    await screen.findByRole('heading', { level: 1, name: 'Cloud Computing' });
    await waitFor(() => expect(document.title).toBe('Cloud Computing News | AusTech News'));
    const head = document.head;
    expect(head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(cloud.description);
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://technews.example.au/categories/cloud-computing');
    const feed = head.querySelector('link[rel="alternate"]');
    expect(feed?.getAttribute('title')).toBe('AusTech News — Cloud Computing');
    expect(feed?.getAttribute('href')).toBe('https://technews.example.au/categories/cloud-computing/rss.xml');
    const jsonLd = [...head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '{}'));
    expect(jsonLd.map((d) => d['@type'])).toEqual(['CollectionPage', 'BreadcrumbList']);
    expect(jsonLd[0].mainEntity.itemListElement).toHaveLength(2);
  });

  it('shows the empty state with a way back to the category bar', async () => {
    renderCategory([found([])]);
    expect(await screen.findByText('No articles yet')).toBeTruthy();
    expect(screen.getByText("We're working on bringing you the latest Cloud Computing news.")).toBeTruthy();
    expect(screen.getByText('0 article(s) in this category')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore Other Categories' }).getAttribute('href')).toBe('/');
    expect(screen.queryAllByTestId('article-card')).toHaveLength(0);
  });

  it('shows Category Not Found (404, noindex) for an unknown slug (category: null)', async () => {
    renderCategory([mock('gardening', { data: { category: null } })], 'gardening');
    expect(await screen.findByRole('heading', { level: 1, name: 'Category Not Found' })).toBeTruthy();
    expect(screen.getByText(/couldn't find that category/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Category Not Found | AusTech News'));
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('shows "Failed to fetch articles", not Not Found, when the API answers an error', async () => {
    const error = new GraphQLError('Internal server error', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    renderCategory([mock('cloud-computing', { data: null, errors: [error] })]);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch articles');
    expect(screen.queryByText('Category Not Found')).toBeNull();
  });

  it('shows "Failed to fetch articles" when the request fails', async () => {
    renderCategory([{ request: { query: CategoryPageDocument, variables: { slug: 'cloud-computing' } }, error: new Error('503: Service Unavailable') }]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch articles');
    expect(screen.queryByText('Category Not Found')).toBeNull();
  });
});
