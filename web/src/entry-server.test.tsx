import { ApolloLink } from '@apollo/client';
import { of } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from './app/app';
import { render } from './entry-server';
import { testSiteConfig } from './test/render-page';

// The layout's two queries, answered the way the API would.
const answers: Record<string, object> = {
  BreakingTicker: { breakingNews: [] },
  SiteFooter: {
    categories: [{ __typename: 'Category', id: '1', name: 'Cyber Security', slug: 'cyber-security', icon: 'Security', description: 'Breaches and defences.' }],
  },
};
const link = new ApolloLink((operation) => of({ data: answers[operation.operationName ?? ''] }));
const layout = routes[0];
const declared = layout.handle;
afterEach(() => {
  layout.handle = declared;
});

describe('render (decision 027)', () => {
  it("renders once when the route declares every query its page reads", async () => {
    const page = await render({ url: '/about', link, config: testSiteConfig });
    expect(page.passes).toBe(1);
    expect(page.html).toContain('href="/categories/cyber-security"');
  });

  it('renders the whole page, in more passes, when the route leaves out a query its page reads', async () => {
    layout.handle = { queries: () => [] };
    const page = await render({ url: '/about', link, config: testSiteConfig });
    expect(page.passes).toBeGreaterThan(1);
    expect(page.html).toContain('href="/categories/cyber-security"');
  });
});
