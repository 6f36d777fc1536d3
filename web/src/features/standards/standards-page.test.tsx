import { screen } from '@testing-library/react';
import type { MockedResponse } from '@apollo/client/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { StandardsPageDocument } from '../../graphql/graphql';
import { renderPage } from '../../test/render-page';
import { StandardsPage } from './standards-page';
import { STANDARDS_PAGES } from './standards-pages';

const ownership = STANDARDS_PAGES.find((p) => p.path === '/ownership')!;

function stored(markdown: string | null): MockedResponse {
  return {
    request: { query: StandardsPageDocument, variables: { slug: 'ownership' } },
    result: {
      data: { standardsPageText: markdown === null ? null : { __typename: 'StandardsPageText', slug: 'ownership', markdown, updatedAt: '2026-11-28T01:00:00.000Z' } },
    },
  };
}

const renderOwnership = (mocks: MockedResponse[]) => renderPage(<StandardsPage page={ownership} />, { mocks, path: '/ownership' });

afterEach(() => document.head.querySelectorAll('[data-page-head]').forEach((el) => el.remove()));

describe('StandardsPage', () => {
  it("shows the owner's saved text, with the site settings filled in", async () => {
    renderOwnership([stored('## New owners\n\n{siteName} was bought by [Example Media](https://example.com). Write to {email}.')]);
    expect(await screen.findByRole('heading', { level: 2, name: 'New owners' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ownership and Funding');
    expect(screen.getByText(/was bought by/).textContent).toBe('AusTech News was bought by Example Media. Write to editor@example.com.au.');
    expect(screen.getByRole('link', { name: 'Example Media' }).getAttribute('href')).toBe('https://example.com');
    expect(screen.queryByText(/is for sale|up for sale/)).toBeNull();
  });

  it('shows the text kept with the code when nothing is saved', async () => {
    renderOwnership([stored(null)]);
    expect(await screen.findByRole('heading', { level: 2, name: 'The domain is for sale' })).toBeTruthy();
  });

  it("shows raw HTML in the saved text as text and drops script links", async () => {
    const { container } = renderOwnership([stored('<script>window.owned = 1</script><b>bold</b>\n\n[click](javascript:alert(1)) [mail](mailto:a@example.au)')]);
    await screen.findByText(/window\.owned/);
    expect(container.querySelector('script, b')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:a@example.au');
  });
});
