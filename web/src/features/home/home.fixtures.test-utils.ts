// Test-only: mocked home page data shared by the home feature's tests; no source file imports it.
import type { MockedResponse } from '@apollo/client/testing';
import { HomePageDocument, type HomePageQuery } from '../../graphql/graphql';

type ArticleNode = HomePageQuery['articles']['nodes'][number] & { __typename: 'Article' };

export function article(id: number, overrides: Partial<ArticleNode> = {}): ArticleNode {
  return {
    __typename: 'Article',
    id: String(id),
    title: `Story number ${id} about Australian tech`,
    excerpt: `Excerpt of story ${id}.`,
    author: `Author ${id}`,
    authorSlug: null,
    kind: 'NEWS',
    sponsorName: null,
    publishedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    imageUrl: `/media/covers/story-${id}`,
    isBreaking: false,
    readingMinutes: 3,
    category: { __typename: 'Category', id: 'c1', name: 'Artificial Intelligence', slug: 'artificial-intelligence' } as ArticleNode['category'],
    ...overrides,
  };
}

export const categories = [
  { __typename: 'Category', id: 'c1', name: 'Artificial Intelligence', slug: 'artificial-intelligence', icon: 'Psychology' },
  { __typename: 'Category', id: 'c2', name: 'Quantum Computing', slug: 'quantum-computing', icon: 'Memory' },
  { __typename: 'Category', id: 'c3', name: 'Cybersecurity', slug: 'cybersecurity', icon: 'Security' },
];

export const partners = [
  {
    __typename: 'Partner',
    id: 'p1',
    slug: 'summitstack-hosting',
    name: 'SummitStack Hosting',
    description: 'Premium managed cloud hosting from Australian data centres.',
    offer: '40% off your first year',
    cta: 'Claim Offer',
    affiliateUrl: 'https://www.summitstack.com.au/premium-hosting',
    icon: 'Dns',
    badge: 'Premium',
    placement: 'SIDEBAR',
  },
  {
    __typename: 'Partner',
    id: 'p2',
    slug: 'presspeak-wordpress-hosting',
    name: 'PressPeak WordPress Hosting',
    description: 'Fast, secure WordPress hosting.',
    offer: 'Free site migration',
    cta: 'Get Started',
    affiliateUrl: 'https://www.presspeak.com.au/',
    icon: 'Language',
    badge: null,
    placement: 'SIDEBAR',
  },
  {
    __typename: 'Partner',
    id: 'p3',
    slug: 'harbourshield-vpn',
    name: 'HarbourShield VPN',
    description: 'Private browsing with Australian servers.',
    offer: '3 months free',
    cta: 'Protect Yourself',
    affiliateUrl: 'https://www.harbourshield.com.au/',
    icon: 'VpnLock',
    badge: null,
    placement: 'PROMOTION',
  },
];

export function homeMock(articles: ArticleNode[], delay?: number, filter?: { category: string; articles: ArticleNode[] | null }): MockedResponse {
  return {
    request: { query: HomePageDocument, variables: { category: filter?.category ?? '', filtered: Boolean(filter) } },
    delay,
    result: {
      data: {
        articles: { __typename: 'ArticleConnection', nodes: articles },
        ...(filter
          ? {
              filtered: filter.articles
                ? { __typename: 'Category', id: 'c3', name: 'Cybersecurity', articles: { __typename: 'ArticleConnection', totalCount: filter.articles.length, nodes: filter.articles } }
                : null,
            }
          : {}),
        categories,
        partners,
      },
    },
  };
}
