import { ApolloLink } from '@apollo/client';
import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { render } from '../../entry-server';
import { article, categories, homeMock } from './home.fixtures.test-utils';
import { testSiteConfig } from '../../test/render-page';

function homeLink(articles: ReturnType<typeof article>[]) {
  const answers: Record<string, object> = {
    HomePage: (homeMock(articles).result as { data: object }).data,
    BreakingTicker: { breakingNews: [{ __typename: 'BreakingNewsItem', id: '1', title: 'Telstra switches off 3G', article: { __typename: 'Article', id: '1' } }] },
    SiteFooter: { categories: categories.map((c) => ({ ...c, description: `All about ${c.name}.` })) },
  };
  return new ApolloLink((operation) => of({ data: answers[operation.operationName ?? ''] }));
}

const classesOf = (html: string) => [...html.matchAll(/class="([^"]*)"/g)].map((m) => m[1]);

describe('the home page, styled once (decision 038)', () => {
  it("renders the home page's layout, cards, chips and buttons with styles made once, not MUI's per-render ones", async () => {
    const articles = Array.from({ length: 12 }, (_, i) => article(i + 1, { isBreaking: i % 3 === 0 }));
    const page = await render({ url: '/', link: homeLink(articles), config: testSiteConfig });
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-testid="article-card"');
    expect(page.html).toContain('Telstra switches off 3G');
    // Only icons remain MUI components (one small styled element each).
    const mui = classesOf(page.html).filter((c) => c.includes('Mui') && !c.includes('MuiSvgIcon-root'));
    expect(mui).toEqual([]);
  });

  it('gives every story the same classes: no style depends on the data', async () => {
    const first = await render({ url: '/', link: homeLink(Array.from({ length: 12 }, (_, i) => article(i + 1))), config: testSiteConfig });
    const other = await render({
      url: '/',
      link: homeLink(Array.from({ length: 12 }, (_, i) => article(i + 40, { title: `A longer headline number ${i}`, readingMinutes: 9, isBreaking: true }))),
      config: testSiteConfig,
    });
    const classes = (html: string) => new Set(classesOf(html).flatMap((c) => c.split(' ')).filter((c) => c.startsWith('css-')));
    const breaking = classes(other.html);
    // The Breaking chips add the one class they share; nothing else differs.
    expect([...classes(first.html)].filter((c) => !breaking.has(c))).toEqual([]);
    expect([...breaking].filter((c) => !classes(first.html).has(c)).length).toBeLessThanOrEqual(1);
  });
});
