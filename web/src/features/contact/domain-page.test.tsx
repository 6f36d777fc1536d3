import { screen, waitFor, within } from '@testing-library/react';
import type { MockedResponse } from '@apollo/client/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { DomainPageDocument } from '../../graphql/graphql';
import { renderPage } from '../../test/render-page';
import { serverInquiryTypes } from '../../test/server-data';
import { DomainPage } from './domain-page';

const figures: MockedResponse = {
  request: { query: DomainPageDocument },
  result: {
    data: {
      inquiryTypes: serverInquiryTypes,
      articles: { __typename: 'ArticleConnection', totalCount: 1234, nodes: [{ __typename: 'Article', id: '9', publishedAt: '2026-11-20T00:00:00.000Z' }] },
      categories: [
        { __typename: 'Category', id: '1', name: 'Artificial Intelligence', slug: 'artificial-intelligence', articleCount: 321 },
        { __typename: 'Category', id: '2', name: 'Quantum Computing', slug: 'quantum-computing', articleCount: 0 },
      ],
    },
  },
};

afterEach(() => {
  document.head.querySelectorAll('[data-page-head]').forEach((el) => el.remove());
});

describe('DomainPage (/domain)', () => {
  it('says the domain is for sale, with the terms, the GST note, what is included and the process through escrow', async () => {
    renderPage(<DomainPage />, { path: '/domain', mocks: [figures] });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('technews.example.au is for sale');
    expect(screen.getByTestId('sale-terms').textContent).toBe('Make an offer');
    expect(screen.getByText(/exclusive of GST/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'What is included' })).getAllByRole('listitem')).toHaveLength(3);
    const steps = within(screen.getByRole('region', { name: 'How the purchase works' })).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('strong')?.textContent)).toEqual(['Offer.', 'Agreement.', 'Escrow.', 'Transfer.', 'Handover.']);
    expect(steps[2].textContent).toMatch(/independent escrow/);
    expect(screen.getByRole('link', { name: 'Download Domain Report' }).getAttribute('href')).toBe('/domain/report.pdf');
    expect(document.title).toBe('technews.example.au is for sale | AusTech News');
  });

  it('shows the live figures: articles published and per category (empty categories left out)', async () => {
    renderPage(<DomainPage />, { path: '/domain', mocks: [figures] });
    await waitFor(() => expect(screen.getByTestId('figure-articles').textContent).toBe('1,234'));
    const region = screen.getByRole('region', { name: 'Live figures' });
    expect(region.textContent).toContain('Artificial Intelligence321');
    expect(region.textContent).not.toContain('Quantum Computing');
  });

  it('has the offer form: Domain Purchase only, with a required offer amount', async () => {
    renderPage(<DomainPage />, { path: '/domain', mocks: [figures] });
    await waitFor(() => expect(screen.getByTestId('figure-articles').textContent).toBe('1,234'));
    expect(screen.getByRole('heading', { name: 'Make an Offer', level: 2 })).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Inquiry Type' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Domain Purchase']);
    const amount = screen.getByRole('textbox', { name: /^Offer \(AUD\)/ }) as HTMLInputElement;
    expect(amount.required).toBe(true);
    expect((screen.getByRole('textbox', { name: /^Subject/ }) as HTMLInputElement).value).toBe('Offer for technews.example.au');
  });
});
